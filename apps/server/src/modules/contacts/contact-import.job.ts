import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { TImportMapping } from '@atende/shared';
import type { TDatabase } from '../../platform/db/client';
import { isBlankRecord } from './contact-import-file';
import { checkRow, resolveColumns, type TColumns } from './contact-import-rows';
import { storedRecords } from './contact-import-scan';
import {
  applyImportBatch,
  ensureTagsByName,
  findImportRow,
  finishImportRow,
  readImportChunk,
  updateImportRow,
  type TImportBatch,
  type TImportRowDb,
} from './contact-import.repo';
import { presentImport } from './contact-import.service';

export const IMPORT_PROGRESS_EVENT = 'contacts-import:progress';

/** What the job needs of realtime (platform/realtime.ts). */
export interface TProgressSink {
  emitToUser(userId: string, event: string, payload: unknown): void;
}

interface TImportOptions {
  mapping: TImportMapping;
  tags: string[];
  phase: string | null;
}

/**
 * The `contacts-import` job. Streams the stored file piece by piece, checks each row, and writes
 * batches (upsert by phone, refused rows, progress) in one transaction each, yielding to the event
 * loop between batches so a 100k-row file never holds up other requests (on embedded PGlite, which
 * runs one query at a time, batches are smaller). Progress goes to the importing user over
 * Socket.IO ('contacts-import:progress'). A retried job resumes after the last committed batch; a
 * cancel stops it after the batch in hand (rows already written stay).
 */
export class ContactImportJob {
  private readonly batchSize: number;

  constructor(
    private readonly database: TDatabase,
    private readonly realtime: () => TProgressSink | undefined,
  ) {
    this.batchSize = database.kind === 'pglite' ? 250 : 5000;
  }

  async run({ accountId, importId }: { accountId: string; importId: string }): Promise<void> {
    const db = this.database.db;
    const found = await findImportRow(db, accountId, importId);
    if (!found || !['queued', 'running'].includes(found.status)) return;
    const started = await updateImportRow(
      db,
      accountId,
      importId,
      { status: 'running', startedAt: found.startedAt ?? new Date() },
      ['queued', 'running'],
    );
    if (!started) return;
    const options = started.options as unknown as TImportOptions;
    const resolved = resolveColumns(started.header, options.mapping);
    if (resolved.missing) {
      await this.finish(started, 'failed', 'IMPORT_MISSING_COLUMNS');
      return;
    }
    let outcome: 'completed' | 'cancelled';
    try {
      outcome = await this.process(started, resolved.columns, options);
    } catch (error) {
      if ((error as { code?: string }).code === 'CSV_PARSE_ERROR' || /csv|quote/i.test(String(error))) {
        await this.finish(started, 'failed', 'CSV_STRUCTURE_ERROR');
        return;
      }
      throw error; // database trouble: the queue retries, resuming after the last batch
    }
    await this.finish(started, outcome, null);
  }

  private async process(row: TImportRowDb, columns: TColumns, options: TImportOptions) {
    const db = this.database.db;
    const { accountId, id } = row;
    const records = storedRecords(
      (seq) => readImportChunk(db, accountId, id, seq),
      row.encoding,
      row.delimiter,
    );
    let line = 0;
    let seen = 0;
    let batch = this.emptyBatch(options);
    let lastEmit = 0;
    const write = async (full: TImportBatch): Promise<boolean> => {
      const tagNames = full.rows.flatMap((r) => r.tagNames);
      if (tagNames.length) {
        const ids = await ensureTagsByName(db, accountId, tagNames);
        for (const r of full.rows)
          r.tagIds = [
            ...new Set([...r.tagIds, ...r.tagNames.map((n) => ids.get(n.toLowerCase())!).filter(Boolean)]),
          ];
      }
      const progress = await applyImportBatch(db, accountId, id, full);
      if (Date.now() - lastEmit > 250) {
        lastEmit = Date.now();
        this.emit(progress);
      }
      await yieldToEventLoop();
      return progress.cancelRequested;
    };
    // One batch is written while the next is parsed and checked; batches still commit in order.
    let writing: Promise<boolean> | null = null;
    const flush = async (): Promise<boolean> => {
      const cancelled = writing ? await writing : false;
      writing = batch.records > 0 ? write(batch) : null;
      writing?.catch(() => undefined); // awaited at the next flush; never an unhandled rejection
      batch = this.emptyBatch(options);
      return cancelled;
    };
    for await (const cells of records) {
      line += 1;
      if (line === 1 || isBlankRecord(cells)) continue;
      seen += 1;
      if (seen <= row.processed) continue; // written by an earlier attempt of this job
      const check = checkRow(cells, line, columns);
      if (check.ok) batch.rows.push({ ...check.row, tagIds: options.tags });
      else batch.errors.push({ line, errors: check.errors, cells });
      batch.records += 1;
      if (batch.records >= this.batchSize && (await flush())) {
        await writing;
        return 'cancelled';
      }
    }
    if (await flush()) return 'cancelled';
    return (await (writing ?? Promise.resolve(false))) ? 'cancelled' : 'completed';
  }

  private emptyBatch(options: TImportOptions): TImportBatch {
    return { rows: [], errors: [], records: 0, phaseId: options.phase };
  }

  private async finish(row: TImportRowDb, status: string, errorCode: string | null) {
    const done = await finishImportRow(this.database.db, row.accountId, row.id, { status, errorCode });
    if (done) this.emit(done);
  }

  private emit(row: TImportRowDb) {
    if (row.userId) this.realtime()?.emitToUser(row.userId, IMPORT_PROGRESS_EVENT, presentImport(row));
  }
}
