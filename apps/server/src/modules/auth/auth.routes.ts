import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZEmailBody,
  ZLoginBody,
  ZLoginResult,
  ZNewPasswordBody,
  ZRefreshBody,
  ZRegisterBody,
  ZSetupBody,
  ZTokens,
  ZVerifyOtpBody,
} from '@atende/shared';
import { ok, okSchema } from '../../platform/envelope';
import { actorOf } from '../../platform/request-context';

const ZRegistered = z.object({ email: z.string(), isConfirmed: z.literal(false) });
const flag = <K extends string>(key: K) =>
  okSchema(z.object({ [key]: z.boolean() } as Record<K, z.ZodBoolean>));

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = () => app.services.auth;
  const tags = ['auth'];

  r.post(
    '/g/auth/register',
    { schema: { tags, body: ZRegisterBody, response: okSchema(ZRegistered) } },
    async (request) => {
      const user = await auth().register(request.body, actorOf(request));
      return ok({ email: user.email, isConfirmed: false as const });
    },
  );

  r.post(
    '/g/auth/setup',
    { schema: { tags, body: ZSetupBody, response: okSchema(ZRegistered.extend({ acc: z.string() })) } },
    async (request) => {
      const { user, acc } = await auth().setup(request.body, actorOf(request));
      return ok({ email: user.email, isConfirmed: false as const, acc: acc.id });
    },
  );

  r.post(
    '/g/auth/email-available',
    { schema: { tags, body: ZEmailBody, response: flag('available') } },
    async (request) => ok(await auth().emailAvailable(request.body.email, actorOf(request))),
  );

  r.post(
    '/g/auth/login',
    { schema: { tags, body: ZLoginBody, response: okSchema(ZLoginResult) } },
    async (request) => {
      const { email, password, remember_me } = request.body;
      return ok(await auth().login(email, password, remember_me, actorOf(request)));
    },
  );

  r.post(
    '/g/auth/verify-otp',
    { schema: { tags, body: ZVerifyOtpBody, response: flag('isConfirmed') } },
    async (request) => ok(await auth().verifyOtp(request.body.email, request.body.otp)),
  );

  r.post(
    '/g/auth/resend-verify-otp',
    { schema: { tags, body: ZEmailBody, response: flag('sent') } },
    async (request) => ok(await auth().resendOtp(request.body.email, actorOf(request))),
  );

  r.post(
    '/g/auth/refresh-token',
    { schema: { tags, body: ZRefreshBody, response: okSchema(ZTokens) } },
    async (request) => ok(await auth().tokens.refresh(request.body.token)),
  );

  r.post(
    '/g/auth/logout',
    { schema: { tags, body: ZRefreshBody, response: flag('loggedOut') } },
    async (request) => ok(await auth().tokens.revoke(request.body.token)),
  );

  r.post(
    '/g/auth/reset-password',
    { schema: { tags, body: ZEmailBody, response: flag('sent') } },
    async (request) => ok(await auth().requestPasswordReset(request.body.email, actorOf(request))),
  );

  r.post(
    '/g/auth/reset-password/confirm',
    { schema: { tags, body: ZNewPasswordBody, response: flag('reset') } },
    async (request) => ok(await auth().confirmPasswordReset(request.body.token, request.body.password)),
  );
}
