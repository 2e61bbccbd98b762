import { createHash } from 'node:crypto';
import type { TConversationList } from '@atende/shared';
import type { JsonText } from '../../../platform/envelope';

/**
 * The pages kept, in bytes of their JSON (about 40 pages of 1,000 conversations). A page sent
 * gzipped also holds its gzip copy (json-text-gzip.ts), about a tenth of its size, not counted.
 */
export const MAX_CACHED_BYTES = 32 * 1024 * 1024;
/** A page is never answered from here after this long, whatever its version. */
export const CACHED_PAGE_TTL_MS = 10 * 60_000;
/** After checks that found the page changed, at most this many requests in a row skip the check. */
export const MAX_SKIPPED_CHECKS = 7;

interface TEntry {
  version: string;
  page: JsonText<TConversationList>;
  expires: number;
  /** Checks in a row that found the page changed. */
  misses: number;
  /** Requests still to read the page without checking its version first. */
  skip: number;
}

/**
 * The inbox list's pages as last answered (their JSON), per account and filter, with the version
 * of their rows (conversations.repo.ts readConversationPageVersion). The version is read from the
 * database on every request, so a page is answered from here only while none of its conversations,
 * contacts or channels has been written since, and its count is the same: every process sees every
 * write at once, whoever made it. A page of 1,000 conversations costs the server about 14 ms to
 * read and write out; its version is one statement of about 3 ms in PostgreSQL and a single row
 * for the server (bench/inbox-load).
 *
 * A page that keeps changing (a busy account's waiting tab) would cost a version read for nothing
 * on most requests: after k checks in a row that missed, the next 2^k − 1 requests (at most
 * MAX_SKIPPED_CHECKS) read the page without checking; a hit starts over.
 *
 * Bounded by the bytes kept (least recently used dropped first) and by a TTL.
 */
export class ConversationPageCache {
  private readonly entries = new Map<string, TEntry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = MAX_CACHED_BYTES,
    private readonly ttlMs = CACHED_PAGE_TTL_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether to read the page's version first: a page is kept and is not in a stretch of skipped checks. */
  shouldCheck(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.expires <= this.clock()) {
      this.drop(key);
      return false;
    }
    if (entry.skip === 0) return true;
    entry.skip -= 1;
    return false;
  }

  /** The page kept under the key when its version is `version`; a miss makes the next checks rarer. */
  get(key: string, version: string | null): JsonText<TConversationList> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return;
    if (version === null || entry.version !== version) {
      entry.misses += 1;
      entry.skip = Math.min(2 ** entry.misses - 1, MAX_SKIPPED_CHECKS);
      return;
    }
    entry.misses = 0;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  /** Keeps the page just read under its version (a page replaced keeps its stretch of misses). */
  set(key: string, version: string, page: JsonText<TConversationList>): void {
    const previous = this.entries.get(key);
    this.drop(key);
    if (page.okBytes.length > this.maxBytes) return;
    const { misses = 0, skip = 0 } = previous ?? {};
    this.entries.set(key, { version, page, expires: this.clock() + this.ttlMs, misses, skip });
    this.bytes += page.okBytes.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.page.okBytes.length;
    this.entries.delete(key);
  }
}

/**
 * A page's version from its rows, as readConversationPageVersion computes it in SQL: the md5 of
 * the rows' versions joined by ',' (null for an empty page), after the capped count.
 */
export function pageVersionOf(total: number, rowVersions: string[]): string | null {
  if (!rowVersions.length) return null;
  return `${total}:${createHash('md5').update(rowVersions.join(',')).digest('hex')}`;
}

/** The same, from what the database answers. */
export const storedPageVersion = (total: number, md5: string | null) =>
  md5 === null ? null : `${total}:${md5}`;
