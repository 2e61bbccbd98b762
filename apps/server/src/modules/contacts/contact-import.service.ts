import { Readable } from 'node:stream';
import {
  CONTACT_LIMITS,
  errorMessage,
  type TContactImport,
  type TImportMapping,
  type TImportExistingChoice,
  type TImportPreviewRow,
  type TImportUpload,
  type TLang,
} from '@atende/shared';
import type { z } from 'zod';
import type { ZImportStartBody } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { TActor } from '../../platform/request-context';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { csvLine } from '../../platform/csv';
import { TextUploadCheck } from '../../platform/upload-check';
import { findLivePhones } from './contact-identity.repo';
import { suggestMapping } from './contact-import-file';
import { checkRow, resolveColumns, type TColumns, type TRowError } from './contact-import-rows';
import { CsvScanner } from './contact-import-scan';
import {
  appendImportChunk,
  createImportRow,
  deleteImportRow,
  findImportRow,
  importErrorsAfter,
  listImportErrors,
  listImportRows,
  updateImportRow,
  type TImportRowDb,
} from './contact-import.repo';
import { findPhase } from './contact-phases.repo';
import { countKnownTags } from './contact-tags.repo';

export const IMPORT_QUEUE = 'contacts-import';
const CHUNK_BYTES = 1024 * 1024;
const FIELD_LABELS: Record<TLang, Record<'name' | 'phone', string>> = {
  'pt-BR': { name: 'Nome', phone: 'Telefone' },
  en: { name: 'Name', phone: 'Phone' },
};

export function presentImport(row: TImportRowDb): TContactImport {
  return {
    _id: row.id,
    acc: row.accountId,
    fileName: row.fileName,
    status: row.status as TContactImport['status'],
    header: row.header,
    total: row.total,
    processed: row.processed,
    inserted: row.inserted,
    updated: row.updated,
    errors: row.errorCount,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt ? row.startedAt.toISOString() : null,
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** Names compared as a person reads them: case, accents and spacing aside. */
const foldName = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const withMessages = (errors: TRowError[], lang: TLang) =>
  errors.map((e) => ({ ...e, message: errorMessage(e.code, lang) }));

/**
 * CSV import, step by step: upload (streamed into the database in 1 MB pieces, scanned for header,
 * preview and row count), preview of a mapping, start (a `contacts-import` job, see
 * ContactImportJob), status, cancel, errors and the error report.
 */
export class ContactImportService {
  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    private readonly activity: ActivityLogService,
  ) {}

  async upload(
    accountId: string,
    userId: string,
    body: AsyncIterable<Buffer | string> | undefined,
    fileName: string,
  ): Promise<TImportUpload> {
    if (!body || typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] !== 'function')
      throw new AppError('IMPORT_NO_FILE');
    const row = await createImportRow(this.db, accountId, { userId, fileName });
    // One piece is stored while the next one arrives.
    let storing: Promise<unknown> = Promise.resolve();
    try {
      const scanner = new CsvScanner();
      // Text only: a NUL or control byte (a binary renamed .csv) is refused as it arrives.
      const content = new TextUploadCheck('IMPORT_NOT_TEXT');
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let size = 0;
      let seq = 0;
      const flush = async () => {
        await storing;
        if (pendingBytes === 0) return;
        storing = appendImportChunk(this.db, accountId, row.id, seq++, Buffer.concat(pending));
        storing.catch(() => undefined); // awaited by the next flush or below
        pending = [];
        pendingBytes = 0;
      };
      for await (const piece of body) {
        const data = typeof piece === 'string' ? Buffer.from(piece) : piece;
        size += data.length;
        if (size > CONTACT_LIMITS.importMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
        content.push(data);
        scanner.push(data);
        pending.push(data);
        pendingBytes += data.length;
        if (pendingBytes >= CHUNK_BYTES) await flush();
      }
      await flush();
      await storing;
      if (size === 0) throw new AppError('IMPORT_NO_FILE');
      const scan = await scanner.end();
      if (scan.total === 0) throw new AppError('IMPORT_EMPTY');
      const { encoding, delimiter, header, preview, total } = scan;
      const saved = await updateImportRow(this.db, accountId, row.id, {
        sizeBytes: size,
        encoding,
        delimiter,
        header,
        preview,
        total,
      });
      return { ...presentImport(saved!), suggestedMapping: suggestMapping(header), preview };
    } catch (error) {
      await storing.catch(() => undefined);
      await deleteImportRow(this.db, accountId, row.id);
      throw error;
    }
  }

  async get(accountId: string, id: string): Promise<TContactImport> {
    return presentImport(await this.find(accountId, id));
  }

  async list(accountId: string): Promise<TContactImport[]> {
    return (await listImportRows(this.db, accountId, 20)).map(presentImport);
  }

  /**
   * What the first rows would become under `mapping` (or IMPORT_MISSING_COLUMNS), and what will
   * happen to each: create, update the live contact holding its phone, or skip (a refused row, or
   * `existing: 'skip'` for a phone that has a contact). Rows of a phone seen on an earlier line fold
   * into that line's contact.
   */
  async preview(
    accountId: string,
    id: string,
    mapping: TImportMapping,
    lang: TLang,
    existing: TImportExistingChoice = 'update',
  ): Promise<TImportPreviewRow[]> {
    const row = await this.find(accountId, id);
    const columns = this.columnsOf(row, mapping, lang);
    const checked = row.preview.map(({ line, cells }) => ({
      line,
      cells,
      check: checkRow(cells, line, columns),
    }));
    const phones = checked.flatMap(({ check }) => (check.ok ? [check.row.phone] : []));
    const owners = await findLivePhones(this.db, accountId, [...new Set(phones)]);
    const firstLine = new Map<string, number>();
    return checked.map(({ line, cells, check }): TImportPreviewRow => {
      const cell = (i: number | null) => (i === null ? '' : (cells[i] ?? '').trim());
      if (!check.ok)
        return {
          line,
          name: cell(columns.name),
          phone: cell(columns.phone),
          email: cell(columns.email),
          errors: withMessages(check.errors, lang),
          action: 'skip',
          existing: null,
          nameDiffers: false,
          sameAsLine: null,
        };
      const { name, phone, email } = check.row;
      const owner = owners.get(phone);
      const sameAsLine = firstLine.get(phone) ?? null;
      if (sameAsLine === null) firstLine.set(phone, line);
      const action = owner ? existing : sameAsLine === null ? 'create' : 'update';
      return {
        line,
        name,
        phone,
        email: email ?? '',
        errors: [],
        action,
        existing: owner ? { _id: owner.id, name: owner.name, email: owner.email } : null,
        nameDiffers: !!owner && foldName(owner.name) !== foldName(name),
        sameAsLine,
      };
    });
  }

  async start(
    accountId: string,
    id: string,
    body: z.output<typeof ZImportStartBody>,
    lang: TLang,
    actor?: TActor,
  ): Promise<TContactImport> {
    const row = await this.find(accountId, id);
    if (row.status !== 'uploaded') throw new AppError('IMPORT_ALREADY_STARTED');
    this.columnsOf(row, body.mapping, lang);
    const tags = [...new Set(body.tags)];
    if (tags.length && (await countKnownTags(this.db, accountId, tags)) !== tags.length)
      throw AppError.validation([{ path: 'tags', key: 'invalid' }]);
    if (body.phase && !(await findPhase(this.db, accountId, body.phase)))
      throw AppError.validation([{ path: 'phase', key: 'invalid' }]);
    const options = { mapping: body.mapping, tags, phase: body.phase ?? null, existing: body.existing };
    const queued = await updateImportRow(this.db, accountId, id, { status: 'queued', options }, ['uploaded']);
    if (!queued) throw new AppError('IMPORT_ALREADY_STARTED');
    await this.jobs.send(IMPORT_QUEUE, { accountId, importId: id });
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'contacts.import_started',
        target: queued.fileName,
        details: { existing: body.existing },
      });
    return presentImport(queued);
  }

  /** Stops an import: at once when it has not started, else after the batch being written. */
  async cancel(accountId: string, id: string): Promise<TContactImport> {
    const row = await this.find(accountId, id);
    if (['completed', 'failed', 'cancelled'].includes(row.status)) return presentImport(row);
    const waiting = row.status === 'uploaded' || row.status === 'queued';
    const patch = waiting
      ? { cancelRequested: true, status: 'cancelled', finishedAt: new Date() }
      : { cancelRequested: true };
    return presentImport((await updateImportRow(this.db, accountId, id, patch))!);
  }

  async errors(accountId: string, id: string, page: number, limit: number, lang: TLang) {
    await this.find(accountId, id);
    const { items, count } = await listImportErrors(this.db, accountId, id, limit, (page - 1) * limit);
    return {
      items: items.map((e) => ({
        line: e.line,
        errors: withMessages(e.errors as TRowError[], lang),
        cells: e.cells,
      })),
      count,
    };
  }

  /** The error report: line, the row's own cells, and what was wrong (in `lang`), streamed. */
  async errorReport(
    accountId: string,
    id: string,
    lang: TLang,
  ): Promise<{ fileName: string; stream: Readable }> {
    const row = await this.find(accountId, id);
    const db = this.db;
    const labels = lang === 'en' ? ['Line', 'Errors'] : ['Linha', 'Erros'];
    async function* lines() {
      yield `\uFEFF${csvLine([labels[0], ...row.header, labels[1]])}`;
      let after = 0;
      for (;;) {
        const page = await importErrorsAfter(db, accountId, id, after, 1000);
        for (const e of page) {
          const messages = withMessages(e.errors as TRowError[], lang).map((m) => m.message);
          yield csvLine([e.line, ...row.header.map((_, i) => e.cells[i] ?? ''), messages.join('; ')]);
        }
        if (page.length < 1000) return;
        after = page[page.length - 1].line;
      }
    }
    const base = row.fileName.replace(/\.csv$/i, '');
    return { fileName: `${base}-errors.csv`, stream: Readable.from(lines()) };
  }

  private async find(accountId: string, id: string) {
    const row = await findImportRow(this.db, accountId, id);
    if (!row) throw new AppError('IMPORT_NOT_FOUND');
    return row;
  }

  private columnsOf(row: TImportRowDb, mapping: TImportMapping, lang: TLang): TColumns {
    const resolved = resolveColumns(row.header, mapping);
    if (resolved.missing) {
      const columns = resolved.missing.map((f) => FIELD_LABELS[lang][f]).join(', ');
      throw new AppError('IMPORT_MISSING_COLUMNS', { missing: resolved.missing }, { columns });
    }
    return resolved.columns;
  }
}
