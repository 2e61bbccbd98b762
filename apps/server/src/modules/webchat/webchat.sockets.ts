import { errorMessage, isErrorCode } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { type TVisitor, visitorRoom, WEBCHAT_LIMITS, type WebchatService } from './webchat.service';

type TAck = (response: { status: 0 | 1; data?: unknown; code?: string; message?: string }) => void;

const ZVisitorMessage = z
  .object({
    id: z.string().trim().min(1).max(100),
    text: z.string().trim().min(1).max(WEBCHAT_LIMITS.textMax).optional(),
    /** A file the visitor uploaded (POST /webchat/{slug}/files): its reference. */
    fileId: z.string().min(1).max(200).optional(),
  })
  .refine((m) => m.text || m.fileId);
const ZTyping = z.object({ typing: z.boolean() });

function langOf(socket: Socket) {
  const header = String(socket.handshake.headers['accept-language'] ?? '');
  return header.toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
}

/**
 * Namespace /webchat (never /attendance): handshake auth { slug, token }. Each visitor socket
 * joins its visitor room and receives its history at once. Client events: 'message' { id, text }
 * (acknowledged with the stored message; the first one makes the visitor a contact), 'typing'
 * { typing }, 'seen'. Server events: 'history' { items, state: none|open|closed, awaitingReply, availability },
 * 'message' (operator replies, acknowledged by the client: delivery), 'typing' { typing, name },
 * 'read' (the team read the visitor's messages), 'closed' (the conversation was closed).
 */
export function attachWebchatNamespace(webchat: WebchatService, log: FastifyBaseLogger) {
  const namespace = webchat.namespace;
  namespace.use((socket, next) => {
    webchat
      .authenticate((socket.handshake.auth ?? {}) as Record<string, unknown>)
      .then((visitor) => {
        socket.data = visitor;
        next();
      })
      .catch((error: unknown) => {
        const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
        next(Object.assign(new Error(errorMessage(code, 'en')), { data: { code } }));
      });
  });

  namespace.on('connection', (socket) => {
    const visitor = socket.data as TVisitor;
    const room = visitorRoom(visitor.channelId, visitor.contactId);
    void socket.join(room);
    webchat
      .history(visitor)
      .then((history) => socket.emit('history', history))
      .catch((err) => log.warn({ err }, 'webchat history failed'));

    const reply = (ack: TAck | undefined, error: unknown) => {
      const code = error instanceof AppError && isErrorCode(error.code) ? error.code : 'INTERNAL_ERROR';
      if (code === 'INTERNAL_ERROR') log.warn({ err: error }, 'webchat event failed');
      ack?.({ status: 0, code, message: errorMessage(code, langOf(socket)) });
    };

    socket.on('message', (raw: unknown, ack?: TAck) => {
      const parsed = ZVisitorMessage.safeParse(raw);
      if (!parsed.success) return reply(ack, new AppError('VALIDATION_FAILED'));
      webchat
        .receive(visitor, parsed.data)
        .then((stored) => {
          ack?.({ status: 1, data: stored });
          // The visitor's other tabs show it too.
          socket.to(room).emit('message', {
            id: stored.id,
            uid: stored.uid,
            author: 'contact',
            authorName: null,
            kind: stored.media ? 'document' : 'text',
            body: parsed.data.text ?? null,
            media: stored.media,
            timestamp: stored.timestamp,
            ack: 0,
          });
        })
        .catch((error) => reply(ack, error));
    });

    socket.on('typing', (raw: unknown) => {
      const parsed = ZTyping.safeParse(raw);
      if (parsed.success)
        webchat.typing(visitor, parsed.data.typing).catch((err) => log.warn({ err }, 'webchat typing'));
    });

    socket.on('seen', () => {
      webchat.seen(visitor).catch((err) => log.warn({ err }, 'webchat seen'));
    });
  });
}
