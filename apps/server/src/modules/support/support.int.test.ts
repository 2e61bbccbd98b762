import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { mailJobsTo } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';

const SUPPORT = 'suporte@atende.test';
let ctx: TTestApp;
let ana: TSignedUp;
let other: TSignedUp;

beforeAll(async () => {
  ctx = await startTestApp({ SUPPORT_EMAIL: SUPPORT });
  ana = await signUp(ctx, { company: 'Padaria Central' });
  other = await signUp(ctx, { company: 'Outra Empresa' });
});
afterAll(async () => {
  await ctx?.close();
});

const contact = (token: string | undefined, body: unknown, lang: 'en' | 'pt-BR' = 'en') =>
  api(ctx.app, 'POST', '/g/support/contact', { token, body, lang });

describe('help form (contact us)', () => {
  it('mails the support address with the user as reply-to and the account they are in', async () => {
    const res = await contact(ana.token, {
      subject: 'Dúvida sobre o plano',
      message: 'Como faço para mudar de plano?',
      acc: ana.accountId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 1, data: { sent: true } });
    const mail = await ctx.smtp.waitFor(
      (m) => m.to.includes(SUPPORT) && m.subject.includes('Dúvida sobre o plano'),
    );
    expect(mail.subject).toBe('[Help] Dúvida sobre o plano');
    expect(mail.text).toContain(`<${ana.email}>`);
    expect(mail.text).toContain('Padaria Central');
    expect(mail.text).toContain('Como faço para mudar de plano?');
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${ana.email.replace(/[.+]/g, '\\$&')}`, 'mi'));
  });

  it("another account's id is not named in the mail", async () => {
    const res = await contact(other.token, { subject: 'Isolamento', message: 'Olá', acc: ana.accountId });
    expect(res.statusCode).toBe(200);
    const mail = await ctx.smtp.waitFor((m) => m.to.includes(SUPPORT) && m.subject.includes('Isolamento'));
    expect(mail.text).not.toContain('Padaria Central');
    expect(mail.text).not.toContain(ana.accountId);
    expect(mail.text).toContain(`<${other.email}>`);
  });

  it('needs a signed-in user and a subject and message', async () => {
    const before = await mailJobsTo(ctx, SUPPORT);
    expect((await contact(undefined, { subject: 'x', message: 'y' })).statusCode).toBe(401);
    const empty = await contact(other.token, { subject: '  ', message: '' }, 'pt-BR');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Por favor, corrija todos os erros em seu formulário',
    });
    expect(empty.body.fields?.map((f) => f.path).sort()).toEqual(['message', 'subject']);
    expect(await mailJobsTo(ctx, SUPPORT)).toBe(before);
  });

  it('at most 5 messages an hour per user: the 6th is refused and not mailed', async () => {
    const user = await signUp(ctx);
    for (let i = 0; i < 5; i++)
      expect((await contact(user.token, { subject: `Limite ${i}`, message: 'Oi' })).statusCode).toBe(200);
    const before = await mailJobsTo(ctx, SUPPORT);
    const refused = await contact(user.token, { subject: 'Limite 6', message: 'Oi' }, 'pt-BR');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Muitas tentativas. Aguarde um momento e tente novamente.',
    });
    expect(await mailJobsTo(ctx, SUPPORT)).toBe(before);
    // Another user is not held back by it.
    expect((await contact(ana.token, { subject: 'Outro usuário', message: 'Oi' })).statusCode).toBe(200);
  });

  it("without SUPPORT_EMAIL: the spec's error message in both languages", async () => {
    const bare = await startTestApp();
    try {
      const user = await signUp(bare);
      const body = { subject: 'Ajuda', message: 'Oi' };
      const en = await api(bare.app, 'POST', '/g/support/contact', { token: user.token, body, lang: 'en' });
      expect(en.statusCode).toBe(502);
      expect(en.body).toMatchObject({
        code: 'SUPPORT_MESSAGE_FAILED',
        message: 'Oops! An error occurred and your message could not be sent.',
      });
      const pt = await api(bare.app, 'POST', '/g/support/contact', {
        token: user.token,
        body,
        lang: 'pt-BR',
      });
      expect(pt.body.message).toBe('Opa! Ocorreu um erro e sua mensagem não pôde ser enviada.');
    } finally {
      await bare.close();
    }
  });
});
