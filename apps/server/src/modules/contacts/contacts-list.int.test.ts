import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { createContact, createTag, listContacts, listedNames } from './contacts.fixtures';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
let vip: { _id: string };
let lead: { _id: string };
let phases: Array<{ _id: string; key: string }>;
let ids: Record<string, string> = {};

const setCreated = (id: string, iso: string) =>
  queryRows(ctx, sql`update contacts set created_at = ${iso}::timestamptz where id = ${id}`);

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { company: 'Owner Co' });
  other = await signUp(ctx, { company: 'Other Co' });
  vip = await createTag(ctx, owner.token, owner.accountId, 'VIP');
  lead = await createTag(ctx, owner.token, owner.accountId, 'Lead');
  phases = (await api(ctx.app, 'GET', `/p/chat/inbox/phases?acc=${owner.accountId}`, { token: owner.token }))
    .body.data;
  const make = async (key: string, data: Record<string, unknown>) => {
    ids[key] = (await createContact(ctx, owner.token, owner.accountId, data))._id;
  };
  await make('joao', {
    name: 'João Gonçalves',
    phone: '(11) 98765-4321',
    email: 'joao@acme.com',
    tags: [vip._id],
  });
  await make('maria', {
    name: 'Maria Conceição',
    phone: '+55 21 99988-7766',
    email: 'maria.c@empresa.com.br',
    phase: phases[1]._id,
    tags: [vip._id, lead._id],
  });
  await make('jose', { name: 'JOSÉ da Silva', phone: '31 3222-1100', phase: phases[1]._id, blocked: true });
  await make('ana', { name: 'Ana Paula', email: 'ana50%@x.com', optOut: true, tags: [lead._id] });
  await make('old', { name: 'Old Timer', phone: '11 91111-2222' });
  await make('ancient', { name: 'Ancient One' });
  const year = new Date().getUTCFullYear();
  await setCreated(ids.old, `${year - 1}-06-15T15:00:00Z`);
  await setCreated(ids.ancient, '2020-03-15T15:00:00Z');
  ids = { ...ids };
  await createContact(ctx, other.token, other.accountId, { name: 'João Outsider', phone: '11 98765-4321' });
});
afterAll(async () => {
  await ctx.close();
});

const names = (query: string) => listedNames(ctx, owner.token, owner.accountId, query);

describe('GET /p/chat/contact/list', () => {
  it('answers { items, count }, newest first, 30 per page by default', async () => {
    const res = await listContacts(ctx, owner.token, owner.accountId);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.count).toBe(6);
    expect(res.body.data.countIsEstimate).toBeUndefined();
    expect(res.body.data.items.at(-1).name).toBe('Ancient One');
    const page2 = await listContacts(ctx, owner.token, owner.accountId, 'limit=4&page=2');
    expect(page2.body.data.items).toHaveLength(2);
    expect(page2.body.data.count).toBe(6);
    const tooMany = await listContacts(ctx, owner.token, owner.accountId, 'limit=101');
    expect(tooMany.statusCode).toBe(400);
  });

  it('list items are exactly the contact as GET reads it (tags, phase, custom fields, dates)', async () => {
    await queryRows(
      ctx,
      sql`update contacts set custom_fields = '{"plano": "ouro", "pontos": 12, "ativo": true}'::jsonb
          where id = ${ids.maria}`,
    );
    const { items } = (await listContacts(ctx, owner.token, owner.accountId)).body.data;
    for (const item of items) {
      const one = await api(ctx.app, 'GET', `/p/chat/contact/${item._id}?acc=${owner.accountId}`, {
        token: owner.token,
      });
      expect(item).toEqual(one.body.data);
    }
    expect(items.find((c: { _id: string }) => c._id === ids.maria)).toMatchObject({
      tags: [vip._id, lead._id],
      phase: phases[1]._id,
      customFields: { plano: 'ouro', pontos: 12, ativo: true },
    });
    expect(items).toHaveLength(6);
  });

  it('searches names and e-mails by substring, ignoring case and accents', async () => {
    expect(await names('search=joao')).toEqual(['João Gonçalves']);
    expect(await names('search=GONCALVES')).toEqual(['João Gonçalves']);
    expect(await names('search=gonçal')).toEqual(['João Gonçalves']);
    expect(await names('search=jose da')).toEqual(['JOSÉ da Silva']);
    expect(await names(`search=${encodeURIComponent('conceiçÃo')}`)).toEqual(['Maria Conceição']);
    expect(await names('search=empresa.com')).toEqual(['Maria Conceição']);
    expect(await names(`search=${encodeURIComponent('50%')}`)).toEqual(['Ana Paula']);
    expect(await names('search=nobody-here')).toEqual([]);
  });

  it('searches phone digits typed in any format', async () => {
    expect(await names(`search=${encodeURIComponent('98765-4321')}`)).toEqual(['João Gonçalves']);
    expect(await names(`search=${encodeURIComponent('(21) 99988')}`)).toEqual(['Maria Conceição']);
    expect(await names(`search=${encodeURIComponent('+55 31 3222')}`)).toEqual(['JOSÉ da Silva']);
    expect(await names('search=9111')).toEqual(['Old Timer']);
    // A long run of digits is looked up by three of its trigrams (765, 198, 432: all in João's
    // 5511987654321) and then matched whole: these digits in another order match no one.
    expect(await names(`search=${encodeURIComponent('4321 98765')}`)).toEqual([]);
  });

  it('filters by tags (any of), phase (omitted or all = every phase, none = without), blocked and optOut', async () => {
    expect(await names(`tags=${vip._id}`)).toEqual(['João Gonçalves', 'Maria Conceição']);
    expect(await names(`tags=${vip._id},${lead._id}`)).toEqual([
      'Ana Paula',
      'João Gonçalves',
      'Maria Conceição',
    ]);
    expect(await names(`tags=${lead._id}&tags=${vip._id}&search=maria`)).toEqual(['Maria Conceição']);
    expect(await names(`phase=${phases[1]._id}`)).toEqual(['JOSÉ da Silva', 'Maria Conceição']);
    expect(await names('phase=all')).toHaveLength(6);
    expect(await names('phase=none')).toEqual(['Ana Paula', 'Ancient One', 'João Gonçalves', 'Old Timer']);
    expect(await names(`phase=${phases[1]._id}&tags=${lead._id}`)).toEqual(['Maria Conceição']);
    expect(await names('blocked=true')).toEqual(['JOSÉ da Silva']);
    expect(await names('blocked=false&optOut=false')).toEqual([
      'Ancient One',
      'João Gonçalves',
      'Maria Conceição',
      'Old Timer',
    ]);
    expect(await names('optOut=true')).toEqual(['Ana Paula']);
  });

  it('filters by creation month and year (monthFilter, currentYear)', async () => {
    const year = new Date().getUTCFullYear();
    expect(await names('monthFilter=3&currentYear=2020')).toEqual(['Ancient One']);
    expect(await names('currentYear=2020')).toEqual(['Ancient One']);
    expect(await names(`monthFilter=6&currentYear=${year - 1}`)).toEqual(['Old Timer']);
    expect(await names('monthFilter=4&currentYear=2020')).toEqual([]);
  });

  it('applies the date filters of spec §9 in the account time zone', async () => {
    const recent = ['Ana Paula', 'JOSÉ da Silva', 'João Gonçalves', 'Maria Conceição'];
    expect(await names('dateFilter=all')).toHaveLength(6);
    expect(await names('dateFilter=thisWeek')).toEqual(recent);
    expect(await names('dateFilter=thisMonth')).toEqual(recent);
    expect(await names('dateFilter=thisYear')).toEqual(recent);
    expect(await names('dateFilter=lastYear')).toEqual(['Old Timer']);
    expect(await names('dateFilter=lastWeek')).toEqual([]);
    const bad = await listContacts(ctx, owner.token, owner.accountId, 'dateFilter=someday');
    expect(bad.statusCode).toBe(400);
  });

  it('counts past 10,000 as an estimate ("10.000+")', async () => {
    const big = await signUp(ctx, { company: 'Big Co' });
    await queryRows(
      ctx,
      sql`insert into contacts (id, account_id, name, phone)
          select gen_random_uuid(), ${big.accountId}, 'Bulk ' || g, '+551190000' || lpad(g::text, 4, '0')
          from generate_series(1, 10001) g`,
    );
    const all = await listContacts(ctx, big.token, big.accountId);
    expect(all.body.data).toMatchObject({ count: 10000, countIsEstimate: true });
    expect(all.body.data.items).toHaveLength(30);
    const some = await listContacts(ctx, big.token, big.accountId, 'search=bulk 99');
    expect(some.body.data.count).toBe(111);
    expect(some.body.data.countIsEstimate).toBeUndefined();
    // Phase and tag (the planner's estimates of both, with the account's share): past the 301
    // counted with the page, still an exact count.
    const tag = await createTag(ctx, big.token, big.accountId, 'Lote');
    const [phase] = (
      await api(ctx.app, 'GET', `/p/chat/inbox/phases?acc=${big.accountId}`, { token: big.token })
    ).body.data;
    await queryRows(
      ctx,
      sql`update contacts set tags = array[${tag._id}]::uuid[], phase_id = ${phase._id}
          where account_id = ${big.accountId} and name like 'Bulk 4%'`,
    );
    const scoped = await listContacts(ctx, big.token, big.accountId, `phase=${phase._id}&tags=${tag._id}`);
    expect(scoped.body.data).toMatchObject({ count: 1111 });
    expect(scoped.body.data.countIsEstimate).toBeUndefined();
    expect(scoped.body.data.items).toHaveLength(30);
  });

  it('pages before, across and past the first 301 matches with the same count, newest first', async () => {
    const mid = await signUp(ctx, { company: 'Mid Co' });
    await queryRows(
      ctx,
      sql`insert into contacts (id, account_id, name, phone, created_at)
          select gen_random_uuid(), ${mid.accountId}, 'Mid ' || lpad(g::text, 3, '0'), '+551190001' || lpad(g::text, 3, '0'),
                 now() - make_interval(secs => g)
          from generate_series(1, 350) g`,
    );
    const page = async (n: number) =>
      (await listContacts(ctx, mid.token, mid.accountId, `search=mid&limit=100&page=${n}`)).body.data;
    const pages = [await page(1), await page(3), await page(4), await page(5)];
    expect(pages.map((p) => p.count)).toEqual([350, 350, 350, 350]);
    expect(pages.map((p) => p.items.length)).toEqual([100, 100, 50, 0]);
    expect(pages[0].items[0].name).toBe('Mid 001');
    expect(pages[1].items[0].name).toBe('Mid 201');
    expect(pages[1].items[99].name).toBe('Mid 300');
    expect(pages[2].items[0].name).toBe('Mid 301');
    expect(pages[2].items[49].name).toBe('Mid 350');
  });
});

describe('account isolation', () => {
  it("never lists another account's contacts", async () => {
    expect(await names(`search=${encodeURIComponent('98765-4321')}`)).toEqual(['João Gonçalves']);
    const theirs = await listedNames(ctx, other.token, other.accountId);
    expect(theirs).toEqual(['João Outsider']);
  });

  it("answers 404 CONTACT_NOT_FOUND for another account's contact id, whatever the call", async () => {
    const id = ids.joao;
    const acc = other.accountId;
    const calls = [
      api(ctx.app, 'GET', `/p/chat/contact/${id}?acc=${acc}`, { token: other.token, lang: 'en' }),
      api(ctx.app, 'PUT', `/p/chat/contact/${id}`, {
        token: other.token,
        body: { data: { name: 'X' }, acc },
      }),
      api(ctx.app, 'DELETE', `/p/chat/contact/${id}?acc=${acc}`, { token: other.token }),
      api(ctx.app, 'POST', `/p/chat/contact/${id}/restore?acc=${acc}`, { token: other.token }),
      api(ctx.app, 'GET', `/p/chat/contact/${id}/duplicates?acc=${acc}`, { token: other.token }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.body.code).toBe('CONTACT_NOT_FOUND');
    }
    const mine = await api(ctx.app, 'GET', `/p/chat/contact/${id}?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(mine.body.data.name).toBe('João Gonçalves');
  });

  it("refuses an account the caller is not a member of, even with the caller's own contact ids", async () => {
    const res = await api(ctx.app, 'GET', `/p/chat/contact/list?acc=${owner.accountId}`, {
      token: other.token,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('Invalid acc or user ID');
    const body = await api(ctx.app, 'PUT', `/p/chat/contact/${ids.joao}`, {
      token: other.token,
      body: { data: { name: 'Hijack' }, acc: owner.accountId },
    });
    expect(body.statusCode).toBe(404);
    expect(body.body.message).toBe('Invalid acc or user ID');
  });
});
