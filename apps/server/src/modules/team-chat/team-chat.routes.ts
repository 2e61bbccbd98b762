import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEAM_CHAT_FILE_MAX_BYTES,
  ZTeamChatSettings,
  ZTeamChatSettingsBody,
  ZTeamChatUploadQuery,
  ZTeamChatUploadResult,
  ZTeamMembersEvent,
  zUuid,
} from '@atende/shared';
import { okOf, rawSchema } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

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
  const route = tenantRoutes(app, ['team-chat']);
  const tags = ['team-chat'];
  const teamChat = () => app.services.teamChat;

  // Uploads arrive as raw bytes whatever their content type (checked by name and content, not header).
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: TEAM_CHAT_FILE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  route.post(
    '/p/team-chat/upload',
    {
      role: 'operator',
      bodyLimit: TEAM_CHAT_FILE_MAX_BYTES,
      query: ZTeamChatUploadQuery,
      response: okOf(ZTeamChatUploadResult),
    },
    ({ tenant, query, request }) => {
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return teamChat().files.upload(tenant.accountId, tenant.userId, query.name, data);
    },
  );

  r.get(
    '/p/team-chat/redirFile/:messagesID/:fileName',
    {
      schema: {
        tags,
        params: z.object({ messagesID: zUuid, fileName: z.string().min(3).max(300) }),
        ...rawSchema('application/octet-stream', 'The file (attachment; members of the room only)'),
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
  route.get(
    '/p/team-chat/members',
    { role: 'operator', response: okOf(ZTeamMembersEvent) },
    async ({ tenant }) => ({
      full: true,
      members: await teamChat().presence.snapshot(tenant.accountId),
    }),
  );

  // The assistant room's prompt (also edited in Settings → AI); '' = the default.
  route.get(
    '/p/team-chat/settings',
    { role: 'admin', response: okOf(ZTeamChatSettings) },
    async ({ tenant }) => ({
      aiPrompt: (await app.services.aiSettings.ownPrompt(tenant.accountId, 'assistant')) ?? '',
    }),
  );

  route.put(
    '/p/team-chat/settings',
    { role: 'admin', body: ZTeamChatSettingsBody, response: okOf(ZTeamChatSettings) },
    async ({ tenant, body, actor }) => {
      const aiPrompt = body.aiPrompt.trim();
      await app.services.aiSettings.update(tenant.accountId, { assistantPrompt: aiPrompt || null }, actor);
      return { aiPrompt };
    },
  );
}
