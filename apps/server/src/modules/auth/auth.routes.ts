import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZEmailBody,
  ZLoginBody,
  ZNewPasswordBody,
  ZRefreshBody,
  ZRegisterBody,
  ZSetupBody,
  ZVerifyOtpBody,
} from '@atende/shared';
import { ok } from '../../platform/envelope';
import { actorOf } from '../../platform/request-context';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = () => app.services.auth;
  const tags = ['auth'];

  r.post('/g/auth/register', { schema: { tags, body: ZRegisterBody } }, async (request) => {
    const user = await auth().register(request.body, actorOf(request));
    return ok({ email: user.email, isConfirmed: false });
  });

  r.post('/g/auth/setup', { schema: { tags, body: ZSetupBody } }, async (request) => {
    const { user, acc } = await auth().setup(request.body, actorOf(request));
    return ok({ email: user.email, isConfirmed: false, acc: acc.id });
  });

  r.post('/g/auth/login', { schema: { tags, body: ZLoginBody } }, async (request) => {
    const { email, password, remember_me } = request.body;
    return ok(await auth().login(email, password, remember_me, actorOf(request)));
  });

  r.post('/g/auth/verify-otp', { schema: { tags, body: ZVerifyOtpBody } }, async (request) =>
    ok(await auth().verifyOtp(request.body.email, request.body.otp)),
  );

  r.post('/g/auth/resend-verify-otp', { schema: { tags, body: ZEmailBody } }, async (request) =>
    ok(await auth().resendOtp(request.body.email, actorOf(request))),
  );

  r.post('/g/auth/refresh-token', { schema: { tags, body: ZRefreshBody } }, async (request) =>
    ok(await auth().tokens.refresh(request.body.token)),
  );

  r.post('/g/auth/logout', { schema: { tags, body: ZRefreshBody } }, async (request) =>
    ok(await auth().tokens.revoke(request.body.token)),
  );

  r.post('/g/auth/reset-password', { schema: { tags, body: ZEmailBody } }, async (request) =>
    ok(await auth().requestPasswordReset(request.body.email, actorOf(request))),
  );

  r.post('/g/auth/reset-password/confirm', { schema: { tags, body: ZNewPasswordBody } }, async (request) =>
    ok(await auth().confirmPasswordReset(request.body.token, request.body.password)),
  );
}
