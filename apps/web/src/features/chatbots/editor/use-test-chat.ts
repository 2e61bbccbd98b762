import type { TChatbotTestOutcome } from '@atende/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { chatbotsApi } from '../chatbots-api';

/** A message of the test conversation as the web chat sends it to its visitor. */
export interface TTestMessage {
  id: string;
  uid: string | null;
  author: 'contact' | 'operator' | 'bot';
  authorName: string | null;
  body: string | null;
  media: { url: string | null; mimeType: string; fileName: string | null } | null;
  options?: { id: string; title: string; description?: string }[];
  timestamp: string;
  /** The tester's message not yet acknowledged by the server. */
  pending?: boolean;
}

export type TTestStatus = 'idle' | 'starting' | 'connected' | 'closed' | 'error';

/** Where the test's hand-over would have sent a real conversation (the test ended there). */
export type TTestHandover = NonNullable<TChatbotTestOutcome['handover']>;

/**
 * The bot's typing indicator goes away by itself after this long without an answer (a flow may
 * end, or wait, without answering); the bot's debounce is at most 10 s.
 */
export const BOT_TYPING_MAX_MS = 30_000;

const uid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/**
 * The live test of the draft: POST /p/chatbots/:id/test makes a web chat visitor whose conversation
 * runs the draft through the real runtime; this talks to it over Socket.IO exactly like the chat
 * page does (auth { slug, token }; 'message' { id, text } acknowledged; 'history', 'message',
 * 'closed' from the server). `prepare` runs first (saves the draft).
 *
 * `botTyping`: from the tester's message until the bot's answer or the end of the test (the bot
 * waits its debounce before answering). A test never reaches the queue: a hand-over ends the test
 * (the server sends 'closed'), and `handover` (GET /p/chatbots/:id/test/:conversationId, asked on 'closed') says
 * where a real conversation would have gone.
 */
export function useTestChat(acc: string, chatbotId: string, prepare: () => Promise<unknown>) {
  const [status, setStatus] = useState<TTestStatus>('idle');
  const [messages, setMessages] = useState<TTestMessage[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [botTyping, setBotTyping] = useState(false);
  const [handover, setHandover] = useState<TTestHandover | null>(null);
  const socket = useRef<Socket | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const typing = useCallback((on: boolean) => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = on ? setTimeout(() => setBotTyping(false), BOT_TYPING_MAX_MS) : null;
    setBotTyping(on);
  }, []);

  const stop = useCallback(() => {
    socket.current?.removeAllListeners();
    socket.current?.disconnect();
    socket.current = null;
    typing(false);
  }, [typing]);

  const upsert = useCallback((m: TTestMessage) => {
    setMessages((list) => {
      const key = m.uid ?? m.id;
      const at = list.findIndex((x) => (x.uid ?? x.id) === key || x.id === m.id);
      if (at < 0) return [...list, m];
      const next = [...list];
      next[at] = { ...list[at], ...m, pending: false };
      return next;
    });
  }, []);

  const start = useCallback(async () => {
    stop();
    setMessages([]);
    setError(null);
    setHandover(null);
    setStatus('starting');
    try {
      await prepare();
      const session = await chatbotsApi.test(acc, chatbotId);
      const s = io(session.socketNamespace, {
        path: '/socket.io',
        forceNew: true,
        auth: { slug: session.slug, token: session.token },
        transports: ['websocket', 'polling'],
      });
      socket.current = s;
      s.on('connect', () => setStatus('connected'));
      s.on('connect_error', (err) => {
        typing(false);
        setError(err);
        setStatus('error');
      });
      s.on('history', (h: { items: TTestMessage[] }) => setMessages(h.items ?? []));
      s.on('message', (m: TTestMessage, ack?: () => void) => {
        if (m.author !== 'contact') typing(false);
        upsert(m);
        ack?.();
      });
      s.on('closed', (e?: { conversationId?: string }) => {
        // The dots stay until the console knows how the test ended.
        const asked = e?.conversationId
          ? chatbotsApi.testOutcome(acc, chatbotId, e.conversationId).then((o) => o.handover)
          : Promise.resolve(null);
        void asked
          .catch(() => null)
          .then((h) => {
            if (socket.current !== s) return;
            setHandover(h);
            typing(false);
            setStatus('closed');
          });
      });
    } catch (err) {
      setError(err);
      setStatus('error');
    }
  }, [acc, chatbotId, prepare, stop, upsert, typing]);

  const send = useCallback(
    (text: string) => {
      const s = socket.current;
      const body = text.trim();
      if (!s || !body) return;
      const id = uid();
      upsert({
        id,
        uid: id,
        author: 'contact',
        authorName: null,
        body,
        media: null,
        timestamp: new Date().toISOString(),
        pending: true,
      });
      typing(true);
      s.emit('message', { id, text: body }, (res: { status: 0 | 1; data?: { id: string } }) => {
        if (res?.status === 1)
          setMessages((list) => list.map((m) => (m.uid === id ? { ...m, pending: false } : m)));
      });
    },
    [upsert, typing],
  );

  useEffect(() => stop, [stop]);

  return { status, messages, error, botTyping, handover, start, send, stop };
}
