import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { createContact, setAccountFlags } from './contacts.fixtures';

let ctx: TTestApp;
let owner: TSignedUp;
let admin: Awaited<ReturnType<typeof addMember>>;
let manager: Awaited<ReturnType<typeof addMember>>;
let operator: Awaited<ReturnType<typeof addMember>>;
let contactId: string;

const NOT_AUTHORIZED = "You don't have access to this feature, talk to your account administrator";
const UNAVAILABLE = 'Function unavailable. Contact an administrator for more information.';

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { company: 'Owner Co' });
  admin = await addMember(ctx, owner, 'admin');
  manager = await addMember(ctx, owner, 'manager');
  operator = await addMember(ctx, owner, 'operator');
  contactId = (
    await createContact(ctx, owner.token, owner.accountId, { name: 'Zé Export', phone: '11 98888-7777' })
  )._id;
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await setAccountFlags(ctx, owner.accountId, {
    block_contact_tab: false,
    block_contact_tab_general: false,
    block_download_excel: false,
    restrict_report_download: false,
  });
});

const acc = () => owner.accountId;
const list = (token: string) =>
  api(ctx.app, 'GET', `/p/chat/contact/list?acc=${acc()}`, { token, lang: 'en' });
const getOne = (token: string) =>
  api(ctx.app, 'GET', `/p/chat/contact/${contactId}?acc=${acc()}`, { token, lang: 'en' });
const update = (token: string) =>
  api(ctx.app, 'PUT', `/p/chat/contact/${contactId}`, {
    token,
    lang: 'en',
    body: { data: { status: 'active' }, acc: acc() },
  });
const exportFile = (token: string, format: 'csv' | 'xlsx') =>
  ctx.app.inject({
    method: 'GET',
    url: `/p/chat/contact/export?acc=${acc()}&format=${format}&search=export`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });

describe('settings that block operators (spec §6), enforced by the server', () => {
  it('blockContactTab: operators lose the contacts pages but keep the conversation contact panel', async () => {
    await setAccountFlags(ctx, acc(), { block_contact_tab: true });
    const refused = await list(operator.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NOT_AUTHORIZED', message: NOT_AUTHORIZED });
    const create = await api(ctx.app, 'POST', `/p/chat/contact?acc=${acc()}`, {
      token: operator.token,
      body: { data: { name: 'Nope' } },
    });
    expect(create.statusCode).toBe(403);
    expect((await getOne(operator.token)).statusCode).toBe(200);
    expect((await update(operator.token)).statusCode).toBe(200);
    expect((await list(manager.token)).statusCode).toBe(200);
  });

  it('blockContactTabGeneral: operators lose contacts everywhere; managers and above keep them', async () => {
    await setAccountFlags(ctx, acc(), { block_contact_tab_general: true });
    for (const res of [
      await list(operator.token),
      await getOne(operator.token),
      await update(operator.token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.body.code).toBe('NOT_AUTHORIZED');
    }
    const phases = await api(ctx.app, 'GET', `/p/chat/inbox/phases?acc=${acc()}`, { token: operator.token });
    expect(phases.statusCode).toBe(200);
    for (const token of [manager.token, admin.token, owner.token])
      expect((await list(token)).statusCode).toBe(200);
  });

  it('without settings, operators use contacts fully', async () => {
    expect((await list(operator.token)).statusCode).toBe(200);
    expect((await getOne(operator.token)).statusCode).toBe(200);
  });
});

describe('export (xlsx and CSV of the current filter)', () => {
  it('streams the filtered contacts as CSV and as xlsx', async () => {
    const csv = await exportFile(operator.token, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Name,E-mail,Phone,Phase,Tags,Type,Status,Blocked,Opt-out,Source,Created at,Custom fields',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Zé Export,,\+5511988887777,,,manual,active,No,No,manual,/);

    const xlsx = await exportFile(operator.token, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet.getRow(2).getCell(1).value).toBe('Zé Export');
    expect(sheet.rowCount).toBe(2);
  });

  it('blockDownloadExcel refuses every role below admin', async () => {
    await setAccountFlags(ctx, acc(), { block_download_excel: true });
    for (const token of [operator.token, manager.token]) {
      const res = await exportFile(token, 'xlsx');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FUNCTION_UNAVAILABLE', message: UNAVAILABLE });
    }
    expect((await exportFile(admin.token, 'csv')).statusCode).toBe(200);
    expect((await exportFile(owner.token, 'xlsx')).statusCode).toBe(200);
  });

  it('restrictReportDownload refuses managers and below', async () => {
    await setAccountFlags(ctx, acc(), { restrict_report_download: true });
    expect((await exportFile(manager.token, 'csv')).json().code).toBe('FUNCTION_UNAVAILABLE');
    expect((await exportFile(operator.token, 'csv')).json().code).toBe('FUNCTION_UNAVAILABLE');
    expect((await exportFile(admin.token, 'csv')).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('only admins edit phases and rename or delete tags', async () => {
    const tag = await api(ctx.app, 'POST', `/p/chat/contact/tags?acc=${acc()}`, {
      token: operator.token,
      body: { name: 'Roles' },
    });
    expect(tag.statusCode).toBe(200);
    for (const token of [operator.token, manager.token]) {
      const del = await api(ctx.app, 'DELETE', `/p/chat/contact/tags/${tag.body.data._id}?acc=${acc()}`, {
        token,
      });
      expect(del.statusCode).toBe(403);
      const phase = await api(ctx.app, 'POST', `/p/chat/inbox/phases?acc=${acc()}`, {
        token,
        body: { name: 'X' },
      });
      expect(phase.statusCode).toBe(403);
    }
    const del = await api(ctx.app, 'DELETE', `/p/chat/contact/tags/${tag.body.data._id}?acc=${acc()}`, {
      token: admin.token,
    });
    expect(del.statusCode).toBe(200);
  });

  it('refuses calls without a session', async () => {
    const res = await api(ctx.app, 'GET', `/p/chat/contact/list?acc=${acc()}`);
    expect(res.statusCode).toBe(401);
  });
});
