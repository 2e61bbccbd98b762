import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../testing/helpers';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { testEngine } from '../../testing/test-db';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { ContactImportJob } from './contact-import.job';
import { updateImportRow } from './contact-import.repo';
import { prepareImportBatch, writeImportBatch } from './contact-import-write.repo';
import { createContact, listContacts, uploadCsv, waitForImport } from './contacts.fixtures';

let ctx: TTestApp;
let owner: TSignedUp;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { company: 'Pipeline Co' });
});
afterAll(async () => {
  await ctx.close();
});

const acc = () => owner.accountId;
const phone = (k: number) => `11 97${String(k).padStart(3, '0')}-0000`;
const e164 = (k: number) => `+551197${String(k).padStart(3, '0')}0000`;

/** Uploads `csv` and runs the import job right here with small batches, two written at once. */
async function runSmallBatches(
  csv: string,
  tuning = { batchSize: 40, writers: 2 },
  patch: { cancelRequested?: boolean } = {},
) {
  const upload = await uploadCsv(ctx, owner.token, acc(), csv);
  const id = upload.body.data._id as string;
  const options = { mapping: upload.body.data.suggestedMapping, tags: [], phase: null };
  await updateImportRow(ctx.app.platform.database.db, acc(), id, { status: 'queued', options, ...patch });
  await new ContactImportJob(ctx.app.platform.database, () => undefined, tuning).run({
    accountId: acc(),
    importId: id,
  });
  const status = await api(ctx.app, 'GET', `/p/chat/contact/import/${id}?acc=${acc()}`, {
    token: owner.token,
  });
  return { id, status: status.body.data };
}

describe('CSV import, batches written two at a time', () => {
  it('commits in file order; a phone repeated in a later batch updates the contact an earlier one created', async () => {
    await createContact(ctx, owner.token, acc(), { name: 'Old Name', phone: phone(5) });
    // 300 rows over 60 phones: each batch of 40 repeats phones of the one before it (still being
    // written); rows 50, 100, ... have a bad phone.
    const rows = Array.from({ length: 300 }, (_, i) =>
      i % 50 === 49 ? `Bad ${i},123` : `Pessoa ${i},${phone(i % 60)}`,
    );
    const { id, status } = await runSmallBatches(['nome,telefone', ...rows].join('\n'));
    expect(status).toMatchObject({
      status: 'completed',
      total: 300,
      processed: 300,
      errors: 6,
      inserted: 59, // 60 phones, one already a contact
      updated: 235,
    });
    const dupes = await queryRows(
      ctx,
      sql`select phone from contacts where account_id = ${acc()} and deleted_at is null
          group by phone having count(*) > 1`,
    );
    expect(dupes).toEqual([]);
    const [five] = await queryRows<{ name: string }>(
      ctx,
      sql`select name from contacts where account_id = ${acc()} and phone = ${e164(5)}`,
    );
    expect(five.name).toBe('Pessoa 245');
    const errors = await api(ctx.app, 'GET', `/p/chat/contact/import/${id}/errors?acc=${acc()}&limit=10`, {
      token: owner.token,
      lang: 'en',
    });
    expect(errors.body.data.items.map((e: { line: number }) => e.line)).toEqual([
      51, 101, 151, 201, 251, 301,
    ]);
  });

  it('stops after the batches in hand when cancelled while running; what they wrote stays', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `Parada ${i},11 93${String(i).padStart(3, '0')}-0000`);
    const { status } = await runSmallBatches(['nome,telefone', ...rows].join('\n'), undefined, {
      cancelRequested: true,
    });
    expect(status.status).toBe('cancelled');
    expect(status.processed).toBeGreaterThan(0);
    expect(status.processed).toBeLessThan(400);
    expect(status.processed % 40).toBe(0);
    const written = await listContacts(ctx, owner.token, acc(), 'search=parada');
    expect(written.body.data.count).toBe(status.processed);
  });

  it('stores an upload of several 1 MB pieces whole and in order, counting its rows', async () => {
    const rows = Array.from(
      { length: 70_000 },
      (_, i) => `Pessoa número ${i},11 9${String(i).padStart(8, '0')}`,
    );
    const file = Buffer.from(['nome,telefone', ...rows, ''].join('\r\n'));
    expect(file.length).toBeGreaterThan(2 * 1024 * 1024);
    // Sent as a stream of 64 kB pieces, as a browser's upload arrives.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/p/chat/contact/import?acc=${acc()}&name=big.csv`,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv' },
      payload: Readable.from(
        Array.from({ length: Math.ceil(file.length / 65_536) }, (_, i) =>
          file.subarray(i * 65_536, (i + 1) * 65_536),
        ),
      ),
    });
    const upload = res.json();
    expect(upload.data.total).toBe(70_000);
    const pieces = await queryRows<{ data: Buffer }>(
      ctx,
      sql`select data from contact_import_chunks where import_id = ${upload.data._id} order by seq`,
    );
    expect(pieces.length).toBeGreaterThan(2);
    expect(Buffer.concat(pieces.map((p) => Buffer.from(p.data))).equals(file)).toBe(true);
  });

  it('reads quoted cells (delimiters, line breaks, quotes) with the right line numbers', async () => {
    const csv = [
      '\uFEFFnome,telefone',
      '"Silva, Ana",11 91111-0001',
      '"Bea ""B""\r\nSegunda linha",11 91111-0002',
      'Caio,11 91111-0003',
      'Duda,999',
    ].join('\r\n');
    const { id, status } = await runSmallBatches(csv, { batchSize: 2, writers: 2 });
    expect(status).toMatchObject({ status: 'completed', total: 4, inserted: 3, errors: 1 });
    const errors = await api(ctx.app, 'GET', `/p/chat/contact/import/${id}/errors?acc=${acc()}`, {
      token: owner.token,
      lang: 'en',
    });
    expect(errors.body.data.items[0]).toMatchObject({ line: 5, cells: ['Duda', '999'] });
    const names = await queryRows<{ name: string }>(
      ctx,
      sql`select name from contacts where account_id = ${acc()} and phone like '+55119111100%' order by phone`,
    );
    expect(names.map((n) => n.name)).toEqual(['Silva, Ana', 'Bea "B"\r\nSegunda linha', 'Caio']);
  });

  it('creates tags named in the file only within the tag limit; rows needing more are refused', async () => {
    const other = await signUp(ctx, { company: 'Many Tags Co' });
    await queryRows(
      ctx,
      sql`insert into contact_tags (id, account_id, name, color)
          select gen_random_uuid(), ${other.accountId}, 'Pre ' || n, '#000000' from generate_series(0, 497) n`,
    );
    const csv = [
      'nome,telefone,etiquetas',
      `Ana,${phone(901)},Nova 1`,
      `Bia,${phone(902)},Nova 2`,
      `Cid,${phone(903)},Nova 3`,
      `Dan,${phone(904)},pre 7`,
      `Eva,${phone(905)},"Nova 1;Nova 4"`,
    ].join('\n');
    const upload = await uploadCsv(ctx, other.token, other.accountId, csv);
    const id = upload.body.data._id;
    await api(ctx.app, 'POST', `/p/chat/contact/import/${id}/start?acc=${other.accountId}`, {
      token: other.token,
      body: { mapping: upload.body.data.suggestedMapping },
    });
    expect(await waitForImport(ctx, other.token, other.accountId, id)).toMatchObject({
      status: 'completed',
      inserted: 3,
      errors: 2,
    });
    const errors = await api(ctx.app, 'GET', `/p/chat/contact/import/${id}/errors?acc=${other.accountId}`, {
      token: other.token,
      lang: 'en',
    });
    expect(errors.body.data.items).toEqual([
      {
        line: 4,
        errors: [{ line: 4, field: 'tags', code: 'TAG_LIMIT_REACHED', message: 'Tag limit reached (500)' }],
        cells: ['Cid', phone(903), 'Nova 3'],
      },
      {
        line: 6,
        errors: [{ line: 6, field: 'tags', code: 'TAG_LIMIT_REACHED', message: 'Tag limit reached (500)' }],
        cells: ['Eva', phone(905), 'Nova 1;Nova 4'],
      },
    ]);
    const tags = await api(ctx.app, 'GET', `/p/chat/contact/tags?acc=${other.accountId}`, {
      token: other.token,
    });
    expect(tags.body.data).toHaveLength(500);
    const names = (tags.body.data as Array<{ _id: string; name: string }>).filter((t) =>
      ['Nova 1', 'Nova 2', 'Pre 7'].includes(t.name),
    );
    const dan = await listContacts(ctx, other.token, other.accountId, 'search=dan');
    expect(dan.body.data.items[0].tags).toEqual([names.find((t) => t.name === 'Pre 7')!._id]);
    expect(names.map((t) => t.name).sort()).toEqual(['Nova 1', 'Nova 2', 'Pre 7']);
  });
});

describe('CSV import, tags past the limit across batches', () => {
  it('a tag cell refused in one batch is refused again in a later one, each row reported with its cells', async () => {
    const full = await signUp(ctx, { company: 'Full Tags Co' });
    await queryRows(
      ctx,
      sql`insert into contact_tags (id, account_id, name, color)
          select gen_random_uuid(), ${full.accountId}, 'Pre ' || n, '#000000' from generate_series(0, 498) n`,
    );
    // One tag of room: 'Nova A' takes it; 'Nova B' is refused in the first batch and again in the
    // third, whose 'Nova A' row needs no cells any more (its tags are known to be within the limit).
    const csv = [
      'nome,telefone,etiquetas',
      `Ana,${phone(911)},Nova A`,
      `Bia,${phone(912)},Nova B`,
      `Cid,${phone(913)},`,
      `Dan,${phone(914)},Nova A`,
      `Eva,${phone(915)},Nova B`,
      `Fil,${phone(916)},Nova A`,
    ].join('\n');
    const upload = await uploadCsv(ctx, full.token, full.accountId, csv);
    const id = upload.body.data._id as string;
    const options = { mapping: upload.body.data.suggestedMapping, tags: [], phase: null };
    const db = ctx.app.platform.database.db;
    await updateImportRow(db, full.accountId, id, { status: 'queued', options });
    await new ContactImportJob(ctx.app.platform.database, () => undefined, {
      batchSize: 2,
      writers: 2,
    }).run({ accountId: full.accountId, importId: id });
    const status = await api(ctx.app, 'GET', `/p/chat/contact/import/${id}?acc=${full.accountId}`, {
      token: full.token,
    });
    expect(status.body.data).toMatchObject({ status: 'completed', inserted: 4, errors: 2 });
    const errors = await api(ctx.app, 'GET', `/p/chat/contact/import/${id}/errors?acc=${full.accountId}`, {
      token: full.token,
      lang: 'en',
    });
    expect(errors.body.data.items.map((e: { line: number; cells: string[] }) => [e.line, e.cells])).toEqual([
      [3, ['Bia', phone(912), 'Nova B']],
      [6, ['Eva', phone(915), 'Nova B']],
    ]);
  });
});

/** A batch of three new phones (700, 701, 702) as the job hands it over. */
function threeRows() {
  const rows = [0, 1, 2].map((k) => ({
    line: k + 2,
    name: `Lote ${k}`,
    phone: e164(700 + k),
    email: null,
    tagNames: [],
    customFields: {},
    tagIds: [],
    cells: [],
  }));
  return prepareImportBatch({ rows, errors: [], records: 3, phaseId: null });
}

/** Live contacts of the batch's phones, and how many rows (deleted too) hold the contested one. */
async function batchPhones() {
  const live = await queryRows<{ id: string; phone: string; name: string }>(
    ctx,
    sql`select id::text as id, phone, name from contacts
        where account_id = ${acc()} and phone in (${e164(700)}, ${e164(701)}, ${e164(702)}) and deleted_at is null
        order by phone`,
  );
  const [{ n }] = await queryRows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from contacts where account_id = ${acc()} and phone = ${e164(701)}`,
  );
  return { live, rowsOfContested: n };
}

if (testEngine() === 'pg') {
  describe('CSV import, a phone created by another writer while a batch is written', () => {
    it('updates that contact: the batch, which had inserted its own, keeps none', async () => {
      const upload = await uploadCsv(ctx, owner.token, acc(), 'nome,telefone\nX,11 95555-0000');
      const importId = upload.body.data._id as string;
      // The batch before this one, still in flight: this batch does its contact work, then waits.
      let waiting!: () => void;
      const reached = new Promise<void>((resolve) => {
        waiting = resolve;
      });
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      const previous = {
        // biome-ignore lint/suspicious/noThenProperty: a promise whose awaiting the test sees
        then(ok: () => void, fail: () => void) {
          waiting();
          return committed.then(ok, fail);
        },
      } as unknown as Promise<unknown>;
      const write = writeImportBatch(ctx.app.platform.database.db, acc(), importId, threeRows(), previous);
      await reached;
      // An operator creates a contact with the second phone: the batch's rows are not committed,
      // so nothing stops it.
      const operator = await createContact(ctx, owner.token, acc(), { name: 'Do canal', phone: phone(701) });
      commit();
      expect(await write).toMatchObject({ processed: 3, inserted: 2, updated: 1 });
      const { live, rowsOfContested } = await batchPhones();
      expect(live.map((c) => c.name)).toEqual(['Lote 0', 'Lote 1', 'Lote 2']);
      expect(live[1].id).toBe(operator._id);
      expect(rowsOfContested).toBe(1);
    });
  });
} else {
  describe('CSV import, a phone created by another writer while a batch is written — PGlite pass: embedded PGlite has one connection, so the writes cannot interleave; the race runs in the TEST_ENGINE=pg pass', () => {
    it('updates the contact created before the batch', async () => {
      const upload = await uploadCsv(ctx, owner.token, acc(), 'nome,telefone\nX,11 95555-0000');
      const operator = await createContact(ctx, owner.token, acc(), { name: 'Do canal', phone: phone(701) });
      const db = ctx.app.platform.database.db;
      expect(await writeImportBatch(db, acc(), upload.body.data._id, threeRows())).toMatchObject({
        processed: 3,
        inserted: 2,
        updated: 1,
      });
      const { live, rowsOfContested } = await batchPhones();
      expect(live.map((c) => c.name)).toEqual(['Lote 0', 'Lote 1', 'Lote 2']);
      expect(live[1].id).toBe(operator._id);
      expect(rowsOfContested).toBe(1);
    });
  });
}
