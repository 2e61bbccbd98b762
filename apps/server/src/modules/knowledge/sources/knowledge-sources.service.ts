import { providerFor, type TAiMessage, type TAiProvider } from '../../../platform/ai/ai.types';
import type { TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import type { Jobs } from '../../../platform/jobs';
import { checkOutboundUrl, type TOutboundOptions } from '../../../platform/outbound-url';
import { answerMessages, type TLangCode } from './ai-answer';
import { chunkText } from './chunk-text';
import { fetchPage, PAGE_TIMEOUT_MS } from './fetch-page';
import {
  checkSourceContent,
  extractText,
  markdownParts,
  sourceFileType,
  type TSourceFileType,
} from './extract-text';
import {
  countFiles,
  deleteSource,
  findSource,
  insertSource,
  listSources,
  replaceChunks,
  searchChunks,
  setSourceState,
  type TPassageRow,
} from './knowledge-sources.repo';

/** Spec §5: at most 100 files of 50 MB each. */
export const KNOWLEDGE_MAX_FILES = 100;
export const KNOWLEDGE_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const TRAIN_QUEUE = 'knowledge.train';
/** A passage scoring below this (0..1) is not good enough to answer from: the bot hands over. */
export const MIN_ANSWER_SCORE = 0.05;
/** Texts per /embeddings call while training. */
const EMBED_BATCH = 64;

/** The vector scaled to length 1 (its cosine with another unit vector is their dot product). */
function unit(v: number[]): number[] {
  const norm = Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  return norm > 0 ? v.map((x) => x / norm) : v;
}

type TSourceView = Awaited<ReturnType<typeof listSources>>[number];

const present = (s: TSourceView) => ({
  _id: s.id,
  acc: s.accountId,
  chatbotId: s.chatbotId,
  kind: s.kind,
  name: s.name,
  fileType: s.fileType,
  size: s.size,
  status: s.status,
  errorCode: s.errorCode,
  url: s.kind === 'url' ? s.content : null,
  pages: s.pages,
  chunks: s.chunks,
  trainedAt: s.trainedAt?.toISOString() ?? null,
  createdAt: s.createdAt.toISOString(),
});
export type TKnowledgeSource = ReturnType<typeof present>;

export interface TPassage {
  sourceId: string;
  sourceName: string;
  page: number | null;
  section: string | null;
  text: string;
  score: number;
}

export interface TRetrievedAnswer {
  /**
   * 'generated': written by the configured model from the passages; 'retrieved': a FAQ answer or
   * passage as is (no model); 'none': nothing matched well (the bot hands over).
   */
  kind: 'generated' | 'retrieved' | 'none';
  text: string | null;
  source: { sourceId: string; sourceName: string; page: number | null; section: string | null } | null;
}

/**
 * The knowledge base's sources (files, FAQ pairs, markdown, web pages), their training as a durable pg-boss
 * job (extract → chunk → index; states not_trained → training → trained | failed with the reason)
 * and the retrieval that ranks the account's chunks for a question.
 */
export class KnowledgeSourcesService {
  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    /** The AI provider: answers are generated when the account's provider is a model, else retrieved. */
    private readonly model: TAiProvider | null = null,
    /** Web pages: public http(s) addresses only, unless the server allows private ones (tests). */
    private readonly outbound: TOutboundOptions = { allowPrivate: false },
  ) {}

  /** How long a web page may take to download (tests shorten it). */
  pageTimeoutMs = PAGE_TIMEOUT_MS;

  async list(accountId: string, chatbotId: string | null) {
    const rows = await listSources(this.db, accountId, chatbotId);
    return { items: rows.map(present), count: rows.length };
  }

  /** An uploaded file: type by name and content, size and count limits; training is queued. */
  async addFile(accountId: string, userId: string, chatbotId: string | null, fileName: string, data: Buffer) {
    const fileType = sourceFileType(fileName);
    if (!fileType) throw new AppError('FILE_TYPE_NOT_ALLOWED');
    if (data.byteLength > KNOWLEDGE_FILE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
    if (data.byteLength === 0) throw new AppError('KNOWLEDGE_SOURCE_NO_TEXT');
    checkSourceContent(fileType, data);
    return this.insert(accountId, async (tx) => {
      if ((await countFiles(tx, accountId)) >= KNOWLEDGE_MAX_FILES)
        throw new AppError('KNOWLEDGE_FILES_LIMIT');
      return insertSource(tx, {
        accountId,
        chatbotId,
        kind: 'file',
        name: fileName.trim().slice(0, 300),
        fileType,
        size: data.byteLength,
        data,
        createdBy: userId,
      });
    });
  }

  /** A question-and-answer pair typed in the page (answered as is when it matches best). */
  addFaq(
    accountId: string,
    userId: string,
    chatbotId: string | null,
    pair: { question: string; answer: string },
  ) {
    return this.insert(accountId, (tx) =>
      insertSource(tx, {
        accountId,
        chatbotId,
        kind: 'faq',
        name: pair.question,
        content: pair.question,
        answer: pair.answer,
        size: Buffer.byteLength(pair.question + pair.answer),
        createdBy: userId,
      }),
    );
  }

  /** A markdown text typed or pasted in the page; its headings become the passages' sections. */
  addMarkdown(
    accountId: string,
    userId: string,
    chatbotId: string | null,
    doc: { name: string; text: string },
  ) {
    return this.insert(accountId, (tx) =>
      insertSource(tx, {
        accountId,
        chatbotId,
        kind: 'markdown',
        name: doc.name,
        content: doc.text,
        size: Buffer.byteLength(doc.text),
        createdBy: userId,
      }),
    );
  }

  /**
   * A web page by its address: http(s) to a public address (URL_NOT_ALLOWED otherwise), fetched by
   * the training job (and again at each re-training); its title becomes the source's name.
   */
  async addUrl(accountId: string, userId: string, chatbotId: string | null, url: string) {
    let checked: URL;
    try {
      checked = await checkOutboundUrl(url, this.outbound);
    } catch {
      throw new AppError('URL_NOT_ALLOWED');
    }
    return this.insert(accountId, (tx) =>
      insertSource(tx, {
        accountId,
        chatbotId,
        kind: 'url',
        name: checked.href.slice(0, 300),
        content: checked.href,
        createdBy: userId,
      }),
    );
  }

  /** Trains a source again (after a failure or a change); a web page is downloaded again. */
  async retrain(accountId: string, id: string) {
    return withTenant(this.db, accountId, async (tx) => {
      const row = await setSourceState(tx, accountId, id, { status: 'not_trained', errorCode: null });
      if (!row) throw new AppError('KNOWLEDGE_SOURCE_NOT_FOUND');
      await this.jobs.sendInTx(tx, TRAIN_QUEUE, { accountId, sourceId: id });
      return present(row);
    });
  }

  async remove(accountId: string, id: string) {
    const deleted = await withTenant(this.db, accountId, (tx) => deleteSource(tx, accountId, id));
    if (!deleted) throw new AppError('KNOWLEDGE_SOURCE_NOT_FOUND');
    return { _id: id };
  }

  private async insert(accountId: string, write: (tx: TTx) => Promise<TSourceView>) {
    return withTenant(this.db, accountId, async (tx) => {
      const row = await write(tx);
      // Queued in the same transaction: the source exists only with its training job (durable).
      await this.jobs.sendInTx(tx, TRAIN_QUEUE, { accountId, sourceId: row.id });
      return present(row);
    });
  }

  /**
   * The training job: extract, chunk and index one source. A file that cannot be read ends
   * `failed` with the reason's code (no retry); anything unexpected throws so pg-boss retries it.
   */
  async train({ accountId, sourceId }: { accountId: string; sourceId: string }) {
    const source = await withTenant(this.db, accountId, async (tx) => {
      const row = await findSource(tx, accountId, sourceId);
      if (row) await setSourceState(tx, accountId, sourceId, { status: 'training', errorCode: null });
      return row;
    });
    if (!source) return; // deleted meanwhile
    try {
      const page =
        source.kind === 'url'
          ? await fetchPage(source.content ?? '', { ...this.outbound, timeoutMs: this.pageTimeoutMs })
          : null;
      const extracted = page
        ? page
        : source.kind === 'file'
          ? await extractText(source.fileType as TSourceFileType, source.data ?? Buffer.alloc(0))
          : source.kind === 'faq'
            ? {
                pages: 1,
                parts: [{ page: null, section: null, text: `${source.content}\n\n${source.answer}` }],
              }
            : { pages: 1, parts: markdownParts(source.content ?? '') };
      if (extracted.parts.length === 0) throw new AppError('KNOWLEDGE_SOURCE_NO_TEXT');
      await withTenant(this.db, accountId, (tx) =>
        setSourceState(tx, accountId, sourceId, {
          pages: extracted.pages,
          ...(page ? { size: page.bytes, name: (page.title ?? source.content ?? '').slice(0, 300) } : {}),
        }),
      );
      const chunks = chunkText(extracted.parts);
      const vectors = await this.embedAll(
        accountId,
        chunks.map((c) => (c.section ? `${c.section}\n${c.text}` : c.text)),
      );
      await withTenant(this.db, accountId, async (tx) => {
        await replaceChunks(tx, accountId, sourceId, chunks, vectors);
        await setSourceState(tx, accountId, sourceId, {
          status: 'trained',
          chunks: chunks.length,
          trainedAt: new Date(),
        });
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await withTenant(this.db, accountId, (tx) =>
        setSourceState(tx, accountId, sourceId, { status: 'failed', errorCode: error.code, chunks: 0 }),
      );
    }
  }

  /** The passages ranked for a question: only this account's trained sources (and the bot's own). */
  async passages(
    accountId: string,
    chatbotId: string | null,
    question: string,
    limit = 5,
  ): Promise<TPassage[]> {
    const vector = (await this.embedAll(accountId, [question]))?.[0] ?? null;
    return this.passagesOf(await searchChunks(this.db, accountId, chatbotId, question, limit, { vector }));
  }

  /**
   * Unit-length embeddings of `texts` from the configured model's /embeddings (in batches), or null:
   * no model, or a provider without embeddings or failing — the knowledge base then ranks by text
   * alone (training and answers never fail for it).
   */
  private async embedAll(accountId: string, texts: string[]): Promise<number[][] | null> {
    if (!this.model || texts.length === 0) return null;
    const vectors: number[][] = [];
    try {
      // The account's own provider (the app store's OpenAI-compatible app) or the server's.
      const model = await providerFor(this.model, accountId);
      if (model.kind !== 'openai') return null;
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const { vectors: batch } = await model.embed(texts.slice(i, i + EMBED_BATCH), { accountId });
        vectors.push(...batch);
      }
    } catch {
      return null;
    }
    const size = vectors[0]?.length ?? 0;
    if (vectors.length !== texts.length || size === 0 || vectors.some((v) => v.length !== size)) return null;
    return vectors.map(unit);
  }

  /**
   * What the bot would send: 'none' when nothing scores at least MIN_ANSWER_SCORE (the bot hands
   * over, the model is not asked); with a configured model, its answer from the good passages under
   * the guardrails; without one, the best FAQ answer or passage as is, labelled as retrieved.
   */
  async ask(
    accountId: string,
    chatbotId: string | null,
    question: string,
    /**
     * A bot's answer: its own instructions and the customer's language go into the prompt; with
     * `retrievedOnError`, a model that fails yields the retrieved answer (labelled as such).
     */
    opts: { instructions?: string; lang?: TLangCode; retrievedOnError?: boolean; sourceIds?: string[] } = {},
  ) {
    const vector = (await this.embedAll(accountId, [question]))?.[0] ?? null;
    const rows = await searchChunks(this.db, accountId, chatbotId, question, 5, {
      sourceIds: opts.sourceIds,
      vector,
    });
    const passages = this.passagesOf(rows);
    const best = rows[0];
    // Answering needs a passage sharing the question's words: a vector alone (nearest, however far)
    // never makes the bot answer rather than say it does not know.
    if (!best || !rows.some((r) => r.lexical >= MIN_ANSWER_SCORE))
      return { passages, answer: { kind: 'none', text: null, source: null } satisfies TRetrievedAnswer };
    const source = {
      sourceId: best.sourceId,
      sourceName: best.sourceName,
      page: best.page,
      section: best.section,
    };
    // The account's own provider (the app store's OpenAI-compatible app) or the server's.
    const model = this.model && (await providerFor(this.model, accountId));
    if (model?.kind === 'openai') {
      const good = passages.filter((p) => p.score >= MIN_ANSWER_SCORE);
      const completion = await model
        .complete({
          accountId,
          lang: opts.lang ?? 'pt-BR',
          messages: answerMessages(question, good, opts),
        })
        .catch((error: unknown) => {
          if (!opts.retrievedOnError) throw error;
          return null;
        });
      if (completion?.text.trim())
        return {
          passages,
          answer: { kind: 'generated', text: completion.text, source } satisfies TRetrievedAnswer,
        };
    }
    const answer: TRetrievedAnswer = {
      kind: 'retrieved',
      text: best.kind === 'faq' && best.answer ? best.answer : best.body,
      source,
    };
    return { passages, answer };
  }

  /** A model's text for `messages` (a hand-over summary), or null without a configured model. */
  async summary(accountId: string, messages: TAiMessage[], lang: TLangCode): Promise<string | null> {
    const model = this.model && (await providerFor(this.model, accountId));
    if (model?.kind !== 'openai') return null;
    const completion = await model.complete({ accountId, lang, messages });
    return completion.text.trim() || null;
  }

  private passagesOf(rows: TPassageRow[]): TPassage[] {
    return rows.map((r) => ({
      sourceId: r.sourceId,
      sourceName: r.sourceName,
      page: r.page,
      section: r.section,
      text: r.body,
      score: Math.round(r.score * 1000) / 1000,
    }));
  }
}
