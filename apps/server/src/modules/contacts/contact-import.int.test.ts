import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { createContact, listContacts, uploadCsv, waitForImport } from './contacts.fixtures';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;

let socketUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  socketUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/attendance`;
  owner = await signUp(ctx, { company: 'Owner Co' });
  other = await signUp(ctx, { company: 'Other Co' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
});

const acc = () => owner.accountId;
const post = (path: string, body?: unknown, token = owner.token) =>
  api(ctx.app, 'POST', `${path}?acc=${acc()}`, { token, body, lang: 'en' });

const BAD_ROWS = [
  'Nome,Telefone,E-mail,Etiquetas',
  'Ana Lima,(11) 98765-4321,ana@x.com,VIP',
  ',11 97777-6666,,',
  'Bruno,,bruno@x.com,',
  'Carla,123,carla@,',
  '',
  'Davi,21 99999-0000,,"VIP;Novo"',
].join('\n');

describe('CSV import', () => {
  it('uploads, previews a mapping, runs, reports errors per row with line numbers, upserts by phone', async () => {
    await createContact(ctx, owner.token, acc(), { name: 'Old Name', phone: '11 98765-4321' });
    const upload = await uploadCsv(ctx, owner.token, acc(), BAD_ROWS, 'leads.csv');
    expect(upload.statusCode).toBe(200);
    const imp = upload.body.data;
    expect(imp).toMatchObject({
      fileName: 'leads.csv',
      status: 'uploaded',
      total: 5,
      header: ['Nome', 'Telefone', 'E-mail', 'Etiquetas'],
      suggestedMapping: { name: 'Nome', phone: 'Telefone', email: 'E-mail', tags: 'Etiquetas' },
    });
    expect(imp.preview.map((p: { line: number }) => p.line)).toEqual([2, 3, 4, 5, 7]);

    const preview = await post(`/p/chat/contact/import/${imp._id}/preview`, {
      mapping: imp.suggestedMapping,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body.data[0]).toEqual({
      line: 2,
      name: 'Ana Lima',
      phone: '+5511987654321',
      email: 'ana@x.com',
      errors: [],
      action: 'update',
      existing: { _id: expect.any(String), name: 'Old Name', email: null },
      nameDiffers: true,
      sameAsLine: null,
    });
    expect(preview.body.data[3].errors).toEqual([
      { line: 5, field: 'phone', code: 'IMPORT_INVALID_PHONE', message: 'Invalid phone number' },
      { line: 5, field: 'email', code: 'IMPORT_INVALID_EMAIL', message: 'Insert a valid e-mail' },
    ]);

    const start = await post(`/p/chat/contact/import/${imp._id}/start`, { mapping: imp.suggestedMapping });
    expect(start.statusCode).toBe(200);
    expect(start.body.data.status).toBe('queued');
    const done = await waitForImport(ctx, owner.token, acc(), imp._id);
    expect(done).toMatchObject({
      status: 'completed',
      total: 5,
      processed: 5,
      inserted: 1,
      updated: 1,
      errors: 3,
    });

    const errors = await api(ctx.app, 'GET', `/p/chat/contact/import/${imp._id}/errors?acc=${acc()}`, {
      token: owner.token,
      lang: 'en',
    });
    expect(errors.body.data.count).toBe(3);
    expect(
      errors.body.data.items.map((e: { line: number; errors: Array<{ message: string }> }) => [
        e.line,
        e.errors.map((x) => x.message),
      ]),
    ).toEqual([
      [3, ['The name cell is blank']],
      [4, ['The phone cell is blank']],
      [5, ['Invalid phone number', 'Insert a valid e-mail']],
    ]);
    const pt = await api(ctx.app, 'GET', `/p/chat/contact/import/${imp._id}/errors?acc=${acc()}`, {
      token: owner.token,
      lang: 'pt-BR',
    });
    expect(pt.body.data.items[2].errors.map((x: { message: string }) => x.message)).toEqual([
      'Telefone inválido, por favor verifique',
      'Insira um e-mail válido',
    ]);

    const report = await ctx.app.inject({
      method: 'GET',
      url: `/p/chat/contact/import/${imp._id}/report?acc=${acc()}`,
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en' },
    });
    expect(report.headers['content-disposition']).toBe('attachment; filename="leads-errors.csv"');
    expect(report.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Line,Nome,Telefone,E-mail,Etiquetas,Errors',
      '3,,11 97777-6666,,,The name cell is blank',
      '4,Bruno,,bruno@x.com,,The phone cell is blank',
      '5,Carla,123,carla@,,Invalid phone number; Insert a valid e-mail',
      '',
    ]);

    const list = await listContacts(ctx, owner.token, acc());
    const byName = new Map(list.body.data.items.map((c: { name: string }) => [c.name, c]));
    expect(byName.has('Old Name')).toBe(false);
    expect(byName.get('Ana Lima')).toMatchObject({ phone: '+5511987654321', email: 'ana@x.com' });
    expect(byName.get('Davi')).toMatchObject({ phone: '+5521999990000', source: 'import' });
    const tags = await api(ctx.app, 'GET', `/p/chat/contact/tags?acc=${acc()}`, { token: owner.token });
    expect(tags.body.data.map((t: { name: string }) => t.name)).toEqual(['Novo', 'VIP']);
    expect((byName.get('Davi') as { tags: string[] }).tags).toHaveLength(2);
  });

  it('refuses no file, an empty spreadsheet, a broken file and missing columns with the spec messages', async () => {
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/p/chat/contact/import?acc=${acc()}`,
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'IMPORT_NO_FILE', message: 'No file selected' });
    const blank = await uploadCsv(ctx, owner.token, acc(), '');
    expect(blank.body).toMatchObject({ code: 'IMPORT_NO_FILE', message: 'No file selected' });
    const empty = await uploadCsv(ctx, owner.token, acc(), 'Nome,Telefone\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatchObject({ code: 'IMPORT_EMPTY', message: 'The spreadsheet is empty' });
    const broken = await uploadCsv(ctx, owner.token, acc(), 'Nome,Telefone\n"Ana,11 98765-4321\n');
    expect(broken.body.code).toBe('CSV_STRUCTURE_ERROR');

    const ok = await uploadCsv(ctx, owner.token, acc(), 'Name,Notes\nAna,hello\n');
    expect(ok.body.data.suggestedMapping).toEqual({ name: 'Name' });
    const missing = await post(`/p/chat/contact/import/${ok.body.data._id}/preview`, {
      mapping: { name: 'Name' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'IMPORT_MISSING_COLUMNS',
      message: 'Missing columns in the spreadsheet: Phone',
    });
    const start = await post(`/p/chat/contact/import/${ok.body.data._id}/start`, { mapping: {} });
    expect(start.body.message).toBe('Missing columns in the spreadsheet: Name, Phone');
  });

  it("reads Excel's pt-BR CSV (semicolons, Windows-1252)", async () => {
    const file = Buffer.from('Nome;Celular\r\nJosé Conceição;11 96666-5555\r\n', 'latin1');
    const upload = await uploadCsv(ctx, owner.token, acc(), file);
    expect(upload.body.data.preview[0].cells).toEqual(['José Conceição', '11 96666-5555']);
    const id = upload.body.data._id;
    await post(`/p/chat/contact/import/${id}/start`, { mapping: upload.body.data.suggestedMapping });
    expect(await waitForImport(ctx, owner.token, acc(), id)).toMatchObject({
      status: 'completed',
      inserted: 1,
    });
    const found = await listContacts(ctx, owner.token, acc(), 'search=conceicao');
    expect(found.body.data.items[0]).toMatchObject({ name: 'José Conceição', phone: '+5511966665555' });
  });

  it('imports in batches; repeated phones in the file update the same contact', async () => {
    const rows = Array.from(
      { length: 1200 },
      (_, i) => `Pessoa ${i},11 95${String(i % 1000).padStart(3, '0')}-0000`,
    );
    const upload = await uploadCsv(ctx, owner.token, acc(), ['nome,telefone', ...rows].join('\n'));
    const id = upload.body.data._id;
    await post(`/p/chat/contact/import/${id}/start`, { mapping: upload.body.data.suggestedMapping });
    const done = await waitForImport(ctx, owner.token, acc(), id);
    expect(done).toMatchObject({
      status: 'completed',
      processed: 1200,
      inserted: 1000,
      updated: 200,
      errors: 0,
    });
    const latest = await listContacts(ctx, owner.token, acc(), `search=${encodeURIComponent('95005-0000')}`);
    expect(latest.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Pessoa 1005']);
  });

  it("pushes progress (rows done, total, errors) to the importing user's socket", async () => {
    const socket = io(socketUrl, {
      auth: { accID: acc(), userID: owner.userId, token: owner.token, platform: 'web' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const rows = Array.from({ length: 600 }, (_, i) => `Socket ${i},11 92${String(i).padStart(3, '0')}-0000`);
    const upload = await uploadCsv(ctx, owner.token, acc(), ['nome,telefone', ...rows, 'Bad,1'].join('\n'));
    const id = upload.body.data._id;
    const events: Array<{ _id: string; status: string; processed: number; total: number; errors: number }> =
      [];
    const finished = new Promise<(typeof events)[number]>((resolve) =>
      socket.on('contacts-import:progress', (event: (typeof events)[number]) => {
        if (event._id !== id) return;
        events.push(event);
        if (event.status === 'completed') resolve(event);
      }),
    );
    await post(`/p/chat/contact/import/${id}/start`, { mapping: upload.body.data.suggestedMapping });
    expect(await finished).toMatchObject({ status: 'completed', processed: 601, total: 601, errors: 1 });
    expect(events.every((e) => e.total === 601)).toBe(true);
  });

  it('cancels an import that has not run; it cannot start afterwards', async () => {
    const upload = await uploadCsv(ctx, owner.token, acc(), 'nome,telefone\nZeca,11 94444-0000\n');
    const id = upload.body.data._id;
    const cancel = await post(`/p/chat/contact/import/${id}/cancel`);
    expect(cancel.body.data.status).toBe('cancelled');
    const start = await post(`/p/chat/contact/import/${id}/start`, {
      mapping: upload.body.data.suggestedMapping,
    });
    expect(start.statusCode).toBe(409);
    expect(start.body.code).toBe('IMPORT_ALREADY_STARTED');
    const search = await listContacts(ctx, owner.token, acc(), 'search=zeca');
    expect(search.body.data.count).toBe(0);
  });

  it("keeps imports per account: another account's import id is not found", async () => {
    const upload = await uploadCsv(ctx, owner.token, acc(), 'nome,telefone\nIsa,11 93333-0000\n');
    const res = await api(
      ctx.app,
      'GET',
      `/p/chat/contact/import/${upload.body.data._id}?acc=${other.accountId}`,
      {
        token: other.token,
        lang: 'en',
      },
    );
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatchObject({ code: 'IMPORT_NOT_FOUND', message: 'Import not found' });
  });
});
