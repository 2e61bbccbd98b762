import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp, signedWhatsAppPost, templateStatusWebhook } from '../../testing/fake-whatsapp';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { insertWhatsAppChannel, type TTestChannel } from '../inbox/testing/intake.testing';

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let other: TSignedUp;
let operator: { token: string };
let channel: TTestChannel;
let otherChannel: TTestChannel;

beforeAll(async () => {
  fake = new FakeWhatsApp();
  const graph = await fake.start();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: graph });
  owner = await signUp(ctx);
  other = await signUp(ctx);
  operator = await addMember(ctx, owner, 'operator');
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
  otherChannel = await insertWhatsAppChannel(ctx, other.accountId);
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

const body = (over: Record<string, unknown> = {}) => ({
  channelId: channel.id,
  name: 'pedido_enviado',
  language: 'pt_BR',
  category: 'UTILITY',
  header: 'Pedido {{1}}',
  body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
  footer: 'Loja Exemplo',
  buttons: [{ type: 'QUICK_REPLY', text: 'Obrigado' }],
  examples: { body: ['Maria', '1234'], header: ['1234'] },
  ...over,
});

const create = (over: Record<string, unknown> = {}, who: { token: string; accountId?: string } = owner) =>
  api(ctx.app, 'POST', `/p/chat/templates?acc=${owner.accountId}`, { token: who.token, body: body(over) });

describe('templates CRUD', () => {
  it('creates a draft with its variables; the name is unique per channel and language', async () => {
    const res = await create({ name: 'crud_one' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'crud_one',
      status: 'draft',
      variables: ['1', '2'],
      providerTemplateId: null,
      channelId: channel.id,
    });
    const dup = await create({ name: 'crud_one' });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'TEMPLATE_NAME_IN_USE',
      message: 'Já existe um modelo com este nome',
    });
    expect((await create({ name: 'crud_one', language: 'en_US' })).statusCode).toBe(200);
  });

  it('validates name, variables and examples', async () => {
    const res = await create({ name: 'Com Espaço', body: 'Olá {{2}}', examples: { body: [], header: [] } });
    expect(res.statusCode).toBe(400);
    const paths = res.body.fields!.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'body']));
    expect(res.body.fields!.find((f) => f.path === 'name')!.message).toBe('Valor inválido');
  });

  it('edits and deletes; admins only', async () => {
    const created = (await create({ name: 'crud_edit' })).body.data;
    const url = `/p/chat/templates/${created._id}?acc=${owner.accountId}`;
    const put = await api(ctx.app, 'PUT', url, {
      token: owner.token,
      body: body({ name: 'crud_edit', footer: 'Novo rodapé' }),
    });
    expect(put.body.data.footer).toBe('Novo rodapé');
    expect(
      (await api(ctx.app, 'PUT', url, { token: operator.token, body: body({ name: 'crud_edit' }) }))
        .statusCode,
    ).toBe(403);
    expect((await api(ctx.app, 'DELETE', url, { token: operator.token })).statusCode).toBe(403);
    expect((await api(ctx.app, 'DELETE', url, { token: owner.token })).statusCode).toBe(200);
    expect((await api(ctx.app, 'GET', url, { token: owner.token })).statusCode).toBe(404);
  });

  it("another account's template or channel answers 404", async () => {
    const mine = (await create({ name: 'isolated' })).body.data;
    const asOther = await api(ctx.app, 'GET', `/p/chat/templates/${mine._id}?acc=${other.accountId}`, {
      token: other.token,
    });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.body.code).toBe('TEMPLATE_NOT_FOUND');
    for (const [method, suffix] of [
      ['POST', '/submit'],
      ['POST', '/resubmit'],
      ['DELETE', ''],
    ] as const) {
      const res = await api(
        ctx.app,
        method,
        `/p/chat/templates/${mine._id}${suffix}?acc=${other.accountId}`,
        { token: other.token },
      );
      expect(res.statusCode).toBe(404);
    }
    const put = await api(ctx.app, 'PUT', `/p/chat/templates/${mine._id}?acc=${other.accountId}`, {
      token: other.token,
      body: body({ channelId: otherChannel.id, name: 'isolated' }),
    });
    expect(put.statusCode).toBe(404);
    // Creating in my account on another account's channel.
    const foreignChannel = await create({ name: 'foreign_channel', channelId: otherChannel.id });
    expect(foreignChannel.statusCode).toBe(404);
    expect(foreignChannel.body.code).toBe('CHANNEL_NOT_FOUND');
    const list = await api(ctx.app, 'GET', `/p/chat/templates?acc=${other.accountId}`, {
      token: other.token,
    });
    expect(list.body.data.items.map((t: any) => t._id)).not.toContain(mine._id);
  });
});

describe('review at Meta', () => {
  it('submits to the WABA, syncs the approval, and operators then see it', async () => {
    const created = (await create({ name: 'review_ok' })).body.data;
    const submit = await api(
      ctx.app,
      'POST',
      `/p/chat/templates/${created._id}/submit?acc=${owner.accountId}`,
      {
        token: owner.token,
      },
    );
    expect(submit.statusCode).toBe(200);
    expect(submit.body.data.status).toBe('pending');
    const remote = fake.templates.get(submit.body.data.providerTemplateId)!;
    expect(remote).toMatchObject({
      wabaId: channel.config.wabaId,
      name: 'review_ok',
      language: 'pt_BR',
      category: 'UTILITY',
    });
    expect(remote.components).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}', example: { header_text: ['1234'] } },
      {
        type: 'BODY',
        text: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
        example: { body_text: [['Maria', '1234']] },
      },
      { type: 'FOOTER', text: 'Loja Exemplo' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Obrigado' }] },
    ]);
    const before = await api(ctx.app, 'GET', `/p/chat/templates?acc=${owner.accountId}`, {
      token: operator.token,
    });
    expect(before.body.data.items.map((t: any) => t.name)).not.toContain('review_ok');
    fake.setTemplateStatus(remote.id, 'APPROVED');
    const sync = await api(ctx.app, 'POST', `/p/chat/templates/sync?acc=${owner.accountId}`, {
      token: owner.token,
      body: {},
    });
    expect(sync.statusCode).toBe(200);
    expect(sync.body.data.items.find((t: any) => t._id === created._id).status).toBe('approved');
    const after = await api(ctx.app, 'GET', `/p/chat/templates?acc=${owner.accountId}`, {
      token: operator.token,
    });
    expect(after.body.data.items.map((t: any) => t.name)).toContain('review_ok');
    expect(after.body.data.items.every((t: any) => t.status === 'approved')).toBe(true);
    const asOperator = await api(ctx.app, 'GET', `/p/chat/templates/${created._id}?acc=${owner.accountId}`, {
      token: operator.token,
    });
    expect(asOperator.statusCode).toBe(200);
    expect(
      (
        await api(ctx.app, 'POST', `/p/chat/templates/${created._id}/submit?acc=${owner.accountId}`, {
          token: operator.token,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('takes a rejection from the status webhook, then resubmits the edited template', async () => {
    const created = (await create({ name: 'review_rejected' })).body.data;
    const submitted = (
      await api(ctx.app, 'POST', `/p/chat/templates/${created._id}/submit?acc=${owner.accountId}`, {
        token: owner.token,
      })
    ).body.data;
    const event = templateStatusWebhook({
      id: submitted.providerTemplateId,
      name: 'review_rejected',
      language: 'pt_BR',
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
    });
    const signed = signedWhatsAppPost(channel.secrets.appSecret, event);
    const hook = await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/whatsapp-cloud/${channel.id}`,
      headers: signed.headers,
      payload: signed.body,
    });
    expect(hook.statusCode).toBe(200);
    const url = `/p/chat/templates/${created._id}?acc=${owner.accountId}`;
    expect((await api(ctx.app, 'GET', url, { token: owner.token })).body.data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'INVALID_FORMAT',
    });
    // Meta cannot rename a submitted template.
    const rename = await api(ctx.app, 'PUT', url, { token: owner.token, body: body({ name: 'outro_nome' }) });
    expect(rename.statusCode).toBe(400);
    const edited = await api(ctx.app, 'PUT', url, {
      token: owner.token,
      body: body({ name: 'review_rejected', body: 'Oi {{1}}, pedido {{2}} a caminho.' }),
    });
    expect(edited.body.data.status).toBe('draft');
    const resubmit = await api(
      ctx.app,
      'POST',
      `/p/chat/templates/${created._id}/resubmit?acc=${owner.accountId}`,
      {
        token: owner.token,
      },
    );
    expect(resubmit.body.data).toMatchObject({ status: 'pending', rejectionReason: null });
    const remote = fake.templates.get(submitted.providerTemplateId)!;
    expect(remote.edits).toBe(1);
    expect(remote.components).toContainEqual({
      type: 'BODY',
      text: 'Oi {{1}}, pedido {{2}} a caminho.',
      example: { body_text: [['Maria', '1234']] },
    });
    // A status event for this template posted on another account's channel changes nothing here.
    const foreign = signedWhatsAppPost(otherChannel.secrets.appSecret, { ...event });
    await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/whatsapp-cloud/${otherChannel.id}`,
      headers: foreign.headers,
      payload: foreign.body,
    });
    expect((await api(ctx.app, 'GET', url, { token: owner.token })).body.data.status).toBe('pending');
  });

  it('answers the provider error when Meta refuses a submission', async () => {
    const created = (await create({ name: 'review_error' })).body.data;
    fake.failNext({ code: 100, message: 'Invalid parameter' });
    const res = await api(ctx.app, 'POST', `/p/chat/templates/${created._id}/submit?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(res.statusCode).toBe(502);
    expect(res.body.code).toBe('CHANNEL_PROVIDER_ERROR');
    const after = await api(ctx.app, 'GET', `/p/chat/templates/${created._id}?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(after.body.data.status).toBe('draft');
  });
});
