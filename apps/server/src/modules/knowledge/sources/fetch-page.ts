import { AppError } from '../../../platform/errors';
import {
  OutboundUrlError,
  outboundFetch,
  readLimited,
  type TOutboundOptions,
} from '../../../platform/outbound-url';
import type { TExtracted } from './extract-text';
import { htmlToParts } from './html-text';

/** A web page source is read in at most this long (redirects and body included)… */
export const PAGE_TIMEOUT_MS = 10_000;
/** …and at most this many bytes. */
export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface TFetchedPage extends TExtracted {
  title: string | null;
  bytes: number;
}

function charsetOf(contentType: string, head: string): string {
  const declared =
    /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ??
    'utf-8';
  return declared.toLowerCase();
}

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * Downloads a web page for the knowledge base through the platform's outbound guard (public
 * http(s) addresses only, each redirect checked again) and turns it into text parts by heading.
 * Failures are AppErrors whose code is the source's failure reason: URL_NOT_ALLOWED,
 * KNOWLEDGE_PAGE_TIMEOUT, KNOWLEDGE_PAGE_TOO_LARGE, KNOWLEDGE_PAGE_NOT_HTML,
 * KNOWLEDGE_PAGE_UNREACHABLE, KNOWLEDGE_SOURCE_NO_TEXT.
 */
export async function fetchPage(
  url: string,
  opts: TOutboundOptions & { timeoutMs?: number; maxBytes?: number },
): Promise<TFetchedPage> {
  const signal = AbortSignal.timeout(opts.timeoutMs ?? PAGE_TIMEOUT_MS);
  const maxBytes = opts.maxBytes ?? PAGE_MAX_BYTES;
  const fetchOutbound = outboundFetch(opts);
  try {
    let target = url;
    let res: Response | null = null;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      res = await fetchOutbound(target, {
        headers: {
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1',
          'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8',
          'user-agent': 'Atende-Knowledge/1 (+knowledge base page fetch)',
        },
        signal,
      });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) break;
      void res.body?.cancel().catch(() => undefined);
      target = new URL(location, target).href;
      res = null;
    }
    if (!res?.ok) throw new AppError('KNOWLEDGE_PAGE_UNREACHABLE');
    const contentType = (res.headers.get('content-type') ?? '').toLowerCase();
    const isHtml = /text\/html|application\/xhtml\+xml/.test(contentType);
    if (!isHtml && !/^text\/plain/.test(contentType) && contentType !== '') {
      void res.body?.cancel().catch(() => undefined);
      throw new AppError('KNOWLEDGE_PAGE_NOT_HTML');
    }
    if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
      void res.body?.cancel().catch(() => undefined);
      throw new AppError('KNOWLEDGE_PAGE_TOO_LARGE');
    }
    const bytes = await readLimited(res, maxBytes);
    if (!bytes) throw new AppError('KNOWLEDGE_PAGE_TOO_LARGE');
    const text = decode(bytes, charsetOf(contentType, bytes.subarray(0, 2048).toString('latin1')));
    const looksHtml = isHtml || (contentType === '' && /<(html|body|p|div|h[1-6])\b/i.test(text));
    if (!looksHtml && text.includes('\u0000')) throw new AppError('KNOWLEDGE_PAGE_NOT_HTML');
    const { title, parts } = looksHtml
      ? htmlToParts(text)
      : { title: null, parts: [{ page: null, section: null, text }] };
    const readable = parts.filter((p) => p.text.trim());
    if (readable.length === 0) throw new AppError('KNOWLEDGE_SOURCE_NO_TEXT');
    return { title, parts: readable, pages: 1, bytes: bytes.byteLength };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof OutboundUrlError) throw new AppError('URL_NOT_ALLOWED');
    if (signal.aborted) throw new AppError('KNOWLEDGE_PAGE_TIMEOUT');
    throw new AppError('KNOWLEDGE_PAGE_UNREACHABLE');
  }
}
