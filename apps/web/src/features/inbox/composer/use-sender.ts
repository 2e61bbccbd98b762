import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TMessage, TMessageKind } from '@atende/shared';
import { ApiError } from '../../../app/api-client';
import { errorText } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { useSession } from '../../../app/session';
import { inboxApi, messagesKey } from '../data/inbox-api';
import { applyMessages, markLocal, type TMessagesState, type TViewMessage } from '../data/inbox-cache';
import type { TUploadedFile } from './upload';

let counter = 0;
export function newClientId(): string {
  counter += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `web-${random}-${counter}`;
}

function kindOf(mimeType: string): TMessageKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'document';
}

/** The optimistic message shown at once (replaced by the server's echo with the same clientId). */
export function localMessage(input: {
  clientId: string;
  conversationId: string;
  me: string;
  myName: string;
  text: string;
  note: boolean;
  files: TUploadedFile[];
}): TViewMessage {
  const file = input.files[0];
  return {
    _id: `local:${input.clientId}`,
    id: `local:${input.clientId}`,
    uid: input.clientId,
    conversationId: input.conversationId,
    timestamp: new Date().toISOString(),
    ack: 0,
    author: 'operator',
    authorId: input.me,
    authorName: input.myName,
    authorImageUrl: null,
    kind: file ? kindOf(file.mimeType) : 'text',
    body: input.text || null,
    media: file
      ? { fileId: file.fileId, mimeType: file.mimeType, fileName: file.name, size: file.size }
      : null,
    template: null,
    private: input.note,
    errorCode: null,
    local: true,
    sendError: null,
    files: input.files.map((f) => f.fileId),
  };
}

function update(
  queryClient: QueryClient,
  key: readonly unknown[],
  fn: (s: TMessagesState | undefined) => TMessagesState | undefined,
) {
  queryClient.setQueryData<TMessagesState>(key, (s) => fn(s));
}

/**
 * Sending from the composer: the message appears at once (clock), the server's answer replaces it;
 * a refusal keeps it with its translated reason and a retry (the same clientId, so a send that did
 * reach the server is stored once).
 */
export function useSender(acc: string, conversationId: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  const me = session.user?._id ?? '';
  const myName = session.user?.displayName || session.user?.name || '';
  const key = messagesKey(acc, conversationId);

  const post = useCallback(
    async (message: TViewMessage) => {
      const clientId = message.uid;
      update(queryClient, key, (s) => markLocal(s, clientId, { sendError: null }));
      try {
        const stored: TMessage[] = message.private
          ? [await inboxApi.note(acc, conversationId, { text: message.body ?? '', clientId })]
          : await inboxApi.send(acc, conversationId, {
              clientId,
              ...(message.body ? { text: message.body } : {}),
              files: message.files ?? [],
            });
        update(queryClient, key, (s) => applyMessages(s, stored));
      } catch (error) {
        const code = error instanceof ApiError ? error.code : 'UNKNOWN';
        update(queryClient, key, (s) => markLocal(s, clientId, { sendError: code }));
        if (code !== 'NETWORK_ERROR' && code !== 'REQUEST_TIMEOUT')
          notify({
            color: 'red',
            title: (t) => t('inbox:message.notSent'),
            message: (t) => errorText(t, error),
          });
      }
    },
    [acc, conversationId, key, queryClient],
  );

  const send = useCallback(
    (text: string, files: TUploadedFile[] = [], note = false) => {
      const message = localMessage({
        clientId: newClientId(),
        conversationId,
        me,
        myName,
        text,
        note,
        files,
      });
      update(queryClient, key, (s) => applyMessages(s ?? { items: [], hasOlder: false }, [message]));
      void post(message);
    },
    [conversationId, me, myName, key, queryClient, post],
  );

  /** A local send: again with its clientId; a message the channel refused: sent anew. */
  const retry = useCallback(
    (message: TViewMessage) => {
      if (message.local) void post(message);
      else {
        const m = message.media;
        const files = m?.fileId
          ? [{ fileId: m.fileId, name: m.fileName ?? '', mimeType: m.mimeType, size: m.size ?? 0 }]
          : [];
        send(message.body ?? '', files, false);
      }
    },
    [post, send],
  );

  /**
   * An approved WhatsApp template (from the template dialog, not optimistic): the stored message
   * joins the conversation; a refusal rejects with the ApiError, for the dialog to show. The
   * caller keeps the clientId while the same template and values are retried.
   */
  const sendTemplate = useCallback(
    async (input: { clientId: string; templateId: string; variables: string[] }) => {
      const stored = await inboxApi.sendTemplate(acc, conversationId, input);
      update(queryClient, key, (s) => applyMessages(s, stored));
      return stored;
    },
    [acc, conversationId, key, queryClient],
  );

  return { send, retry, sendTemplate };
}
