import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { TImportMapping } from '@atende/shared';
import type { TDatabase } from '../../platform/db/client';
import { isBlankRecord } from './contact-import-file';
import { ImportBatchWriter } from './contact-import-pipeline';
import { checkRow, resolveColumns, type TColumns } from './contact-import-rows';
import { storedRecordBatches } from './contact-import-scan';
import type { TImportBatch } from './contact-import-write.repo';
import {
  findImportRow,
  finishImportRow,
  readImportChunk,
  updateImportRow,
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
  /** Rows of a phone that has a live contact: update it (default, older imports) or skip them. */
  existing?: 'update' | 'skip';
}

export interface TImportJobTuning {
  /** Data records per batch (one transaction each). */
  batchSize?: number;
  /** Batches written at once, each on its own connection. */
  writers?: number;
}

/** Records checked between two turns of the event loop. */
const RECORDS_PER_TURN = 2000;

/** The cells of a valid row that cannot be refused any more (never written to). */
const NO_CELLS: string[] = [];

/**
 * The `contacts-import` job. Streams the stored file piece by piece, checks each row, and writes
 * batches (upsert by phone, refused rows, progress) in one transaction each, yielding to the event
 * loop often so a 100k-row file never holds up other requests. On PostgreSQL two batches are
 * written at once (the next one's index upkeep overlaps this one's) while the following one is
 * parsed; batches still commit in file order (see ImportBatchWriter). Embedded PGlite runs one
 * query at a time, so there batches are small and written one by one. Progress goes to the
 * importing user over Socket.IO ('contacts-import:progress'). A retried job resumes after the last
 * committed batch; a cancel stops it after the batches in hand (rows already written stay).
 */
export class ContactImportJob {
  private readonly batchSize: number;
  private readonly writers: number;

  constructor(
    private readonly database: TDatabase,
    private readonly realtime: () => TProgressSink | undefined,
    tuning: TImportJobTuning = {},
  ) {
    const embedded = database.kind === 'pglite';
    // 2,500 records a batch on PostgreSQL: 5,000 wrote no faster (bench contacts-import, alternating
    // runs: 16,755–19,198 rows/s against 17,957–19,579) and, two batches in flight with their
    // statements, peaked at 253–270 MB of RSS against 230–239.
    this.batchSize = tuning.batchSize ?? (embedded ? 250 : 2500);
    this.writers = tuning.writers ?? (embedded ? 1 : 2);
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
    let lastEmit = 0;
    const literals = this.database.kind === 'pg' ? 'sent' : 'built';
    const writer = new ImportBatchWriter(
      db,
      accountId,
      id,
      this.writers,
      options.tags,
      (progress) => {
        if (Date.now() - lastEmit > 250) {
          lastEmit = Date.now();
          this.emit(progress);
        }
      },
      literals,
    );
    const batches = storedRecordBatches(
      (seq) => readImportChunk(db, accountId, id, seq),
      row.encoding,
      row.delimiter,
    );
    let line = 0;
    let seen = 0;
    let sinceTurn = 0;
    let batch = this.emptyBatch(options);
    try {
      for await (const records of batches) {
        for (const cells of records) {
          line += 1;
          if (line === 1 || isBlankRecord(cells)) continue;
          seen += 1;
          if (seen <= row.processed) continue; // written by an earlier attempt of this job
          const check = checkRow(cells, line, columns);
          if (check.ok) {
            const valid = check.row as TImportBatch['rows'][number];
            valid.tagIds = options.tags;
            // Kept only while its tags may still be refused: held by the batch until it is handed
            // over, a 100k import's cells outlived the young generation (peak RSS).
            valid.cells = writer.mayRefuse(valid.tagNames) ? cells : NO_CELLS;
            batch.rows.push(valid);
          } else batch.errors.push({ line, errors: check.errors, cells });
          batch.records += 1;
          if (batch.records >= this.batchSize) {
            if (await writer.push(batch)) return 'cancelled';
            batch = this.emptyBatch(options);
          }
          if (++sinceTurn >= RECORDS_PER_TURN) {
            sinceTurn = 0;
            await yieldToEventLoop();
          }
        }
      }
      if (batch.records > 0 && (await writer.push(batch))) return 'cancelled';
      return (await writer.drain()) ? 'cancelled' : 'completed';
    } finally {
      await writer.settle(); // an early return or a failure: nothing stays in flight
    }
  }

  private emptyBatch(options: TImportOptions): TImportBatch {
    return {
      rows: [],
      errors: [],
      records: 0,
      phaseId: options.phase,
      skipExisting: options.existing === 'skip',
    };
  }

  private async finish(row: TImportRowDb, status: string, errorCode: string | null) {
    const done = await finishImportRow(this.database.db, row.accountId, row.id, { status, errorCode });
    if (done) this.emit(done);
  }

  private emit(row: TImportRowDb) {
    if (row.userId) this.realtime()?.emitToUser(row.userId, IMPORT_PROGRESS_EVENT, presentImport(row));
  }
}
