import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEAM_CHAT_FILE_MAX_BYTES,
  ZTeamChatSettingsBody,
  ZTeamChatUploadQuery,
  ZTeamChatUploadResult,
  zUuid,
} from '@atende/shared';
import { ok, zOk } from '../../platform/envelope';
import { requireTenant } from '../../platform/tenancy';
import { getAiPrompt, setAiPrompt } from './settings.repo';

function bearer(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' ? token : undefined;
}

/**
 * p/team-chat over HTTP: file upload (raw body, name in the query), the file link of spec §7
 * (members of the room only) and the account's AI prompt.
 */
export async function teamChatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['team-chat'];
  const teamChat = () => app.services.teamChat;

  // Uploads arrive as raw bytes whatever their content type (checked by name and content, not header).
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: TEAM_CHAT_FILE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  r.post(
    '/p/team-chat/upload',
    {
      preHandler: requireTenant('operator'),
      bodyLimit: TEAM_CHAT_FILE_MAX_BYTES,
      schema: { tags, querystring: ZTeamChatUploadQuery, response: { 200: zOk(ZTeamChatUploadResult) } },
    },
    async (request) => {
      const { accountId, userId } = request.tenant!;
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await teamChat().files.upload(accountId, userId, request.query.name, data));
    },
  );

  r.get(
    '/p/team-chat/redirFile/:messagesID/:fileName',
    {
      schema: {
        tags,
        params: z.object({ messagesID: zUuid, fileName: z.string().min(3).max(300) }),
        querystring: z.object({
          messageIndex: z.coerce.number().int().min(1),
          fileIndex: z.coerce.number().int().min(0).max(99),
          token: z.string().max(4000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const file = await teamChat().files.download({
        roomId: request.params.messagesID,
        fileName: request.params.fileName,
        messageIndex: request.query.messageIndex,
        fileIndex: request.query.fileIndex,
        token: request.query.token ?? bearer(request) ?? '',
      });
      return reply
        .type(file.mime)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.data));
    },
  );

  // The team roster with presence; sockets then push only the members that change ('teamMembers').
  r.get(
    '/p/team-chat/members',
    { preHandler: requireTenant('operator'), schema: { tags, querystring: z.object({ acc: zUuid }) } },
    async (request) =>
      ok({ full: true, members: await teamChat().presence.snapshot(request.tenant!.accountId) }),
  );

  r.get(
    '/p/team-chat/settings',
    { preHandler: requireTenant('admin'), schema: { tags, querystring: z.object({ acc: zUuid }) } },
    async (request) =>
      ok({ aiPrompt: await getAiPrompt(app.platform.database.db, request.tenant!.accountId) }),
  );

  r.put(
    '/p/team-chat/settings',
    {
      preHandler: requireTenant('admin'),
      schema: { tags, querystring: z.object({ acc: zUuid }), body: ZTeamChatSettingsBody },
    },
    async (request) => {
      await setAiPrompt(app.platform.database.db, request.tenant!.accountId, request.body.aiPrompt);
      return ok({ aiPrompt: request.body.aiPrompt });
    },
  );
}
