import { CONTACT_LIMITS } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { TImportRowDb } from './contact-import.repo';
import {
  prepareImportBatch,
  resolveImportTags,
  type TImportBatch,
  writeImportBatch,
} from './contact-import-write.repo';

interface TInFlight {
  done: Promise<TImportRowDb>;
  phones: Set<string>;
}

/**
 * Writes an import's batches, up to `writers` at once, always committing in file order (each write
 * waits for the one before it to commit; see writeImportBatch). A batch sharing a phone with one
 * still in flight waits for it first: so the upsert finds the contact that batch creates, and so
 * two batches never lock the same contact (the later one, holding it while it waits for the earlier
 * one to commit, would deadlock it where PostgreSQL cannot see). Tags named in the file are resolved
 * once per import (created within CONTACT_LIMITS.tagsMax; a row needing a tag past the limit is
 * refused with TAG_LIMIT_REACHED).
 */
export class ImportBatchWriter {
  private readonly inFlight: TInFlight[] = [];
  /** Tag id by lower-case name. */
  private readonly tagIds = new Map<string, string>();
  /** A row's tag ids by its tag names (joined); null when one is past the tag limit. */
  private readonly tagSets = new Map<string, string[] | null>();
  private cancelled = false;

  constructor(
    private readonly db: TDb,
    private readonly accountId: string,
    private readonly importId: string,
    private readonly writers: number,
    /** Tags of every row (the start body's). */
    private readonly baseTags: string[],
    private readonly onProgress: (progress: TImportRowDb) => void,
    /** How array parameters are written: see prepareImportBatch. */
    private readonly literals: 'sent' | 'built' = 'built',
  ) {}

  /** Hands over a batch (it is written in the background); true once the import was cancelled. */
  async push(batch: TImportBatch): Promise<boolean> {
    await this.resolveTags(batch);
    const prepared = prepareImportBatch(batch, this.literals); // from here on the batch's rows can go
    const phones = new Set(prepared.phones);
    while (
      this.inFlight.length >= this.writers ||
      this.inFlight.some((w) => prepared.phones.some((p) => w.phones.has(p)))
    )
      await this.settleOldest();
    if (this.cancelled) return true;
    const previous = this.inFlight.at(-1)?.done;
    const done = writeImportBatch(this.db, this.accountId, this.importId, prepared, previous);
    done.catch(() => undefined); // awaited by settleOldest; never an unhandled rejection
    this.inFlight.push({ done, phones });
    return false;
  }

  /**
   * Whether a valid row naming these tags must keep its cells for the error report: its tags are
   * not yet known to be within the limit (once a tag cell is resolved, its rows need none).
   */
  mayRefuse(tagNames: string[]): boolean {
    return tagNames.length > 0 && !this.tagSets.get(tagNames.join('\u0000'));
  }

  /** Waits for every batch handed over; true when the import was cancelled meanwhile. */
  async drain(): Promise<boolean> {
    while (this.inFlight.length) await this.settleOldest();
    return this.cancelled;
  }

  /** Lets whatever is still in flight end, failed or not (after an error or a cancel). */
  async settle(): Promise<void> {
    await Promise.allSettled(this.inFlight.splice(0).map((w) => w.done));
  }

  private async settleOldest() {
    const progress = await this.inFlight[0].done;
    this.inFlight.shift();
    this.onProgress(progress);
    if (progress.cancelRequested) this.cancelled = true;
  }

  /**
   * Tag ids of each row: the start body's tags and those named in its tags cell (resolved once per
   * distinct cell for the whole import). A row naming a tag that could not be created is refused.
   */
  private async resolveTags(batch: TImportBatch) {
    if (!batch.rows.some((r) => r.tagNames.length)) return;
    const unknown = new Map<string, string[]>();
    for (const row of batch.rows) {
      if (row.tagNames.length === 0) continue;
      const key = row.tagNames.join('\u0000');
      if (!this.tagSets.has(key)) unknown.set(key, row.tagNames);
    }
    if (unknown.size) {
      const names = [...unknown.values()].flat().filter((n) => !this.tagIds.has(n.toLowerCase()));
      if (names.length) {
        const max = CONTACT_LIMITS.tagsMax;
        const ids = await resolveImportTags(this.db, this.accountId, names, max);
        for (const [name, id] of ids) this.tagIds.set(name, id);
      }
      for (const [key, tagNames] of unknown) {
        const ids = tagNames.map((n) => this.tagIds.get(n.toLowerCase()));
        this.tagSets.set(
          key,
          ids.every(Boolean) ? [...new Set([...this.baseTags, ...(ids as string[])])] : null,
        );
      }
    }
    const kept: TImportBatch['rows'] = [];
    for (const row of batch.rows) {
      if (row.tagNames.length === 0) {
        kept.push(row);
        continue;
      }
      const ids = this.tagSets.get(row.tagNames.join('\u0000'));
      if (ids) {
        row.tagIds = ids;
        kept.push(row);
      } else
        batch.errors.push({
          line: row.line,
          errors: [{ line: row.line, field: 'tags', code: 'TAG_LIMIT_REACHED' }],
          cells: row.cells,
        });
    }
    batch.rows = kept;
  }
}
