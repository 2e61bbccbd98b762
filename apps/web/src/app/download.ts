import { LIMITS } from '@atende/shared';
import { ApiError, FRONT_VERSION, isJwtMessage, refreshAccessToken } from './api-client';
import { currentLang } from './i18n';
import { readItem } from './storage';

/** A path with its query string (empty values left out). */
export function fileUrl(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return `${path}?${params.toString()}`;
}

export interface TFileOptions {
  /** Default: four times the API client's timeout (exports take a while). */
  timeoutMs?: number;
  /** Accept-Language; default: the UI language. */
  lang?: string;
}

function authorizedFetch(url: string, { timeoutMs = LIMITS.requestTimeoutMs * 4, lang }: TFileOptions) {
  const token = readItem('accessToken');
  return fetch(url, {
    headers: {
      'Front-Version': FRONT_VERSION,
      'Accept-Language': lang ?? currentLang(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/**
 * A file the API answers (exports, transcripts, reports) with the API client's headers; an expired
 * access token is renewed once. A refusal rejects with the server's ApiError.
 */
export async function fetchFile(url: string, options: TFileOptions = {}): Promise<Response> {
  let res = await authorizedFetch(url, options);
  if (res.ok) return res;
  let body = await res.json().catch(() => null);
  if ((res.status === 401 || body?.message === 'jwt expired') && (await refreshAccessToken())) {
    res = await authorizedFetch(url, options);
    if (res.ok) return res;
    body = await res.json().catch(() => null);
  }
  const message: string = body?.message ?? res.statusText;
  throw new ApiError(res.status, body?.code ?? (isJwtMessage(message) ? 'UNAUTHORIZED' : 'UNKNOWN'), message);
}

/** The file name the server gives (Content-Disposition), else `fallback`. */
export function fileNameOf(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/** Saves a Blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Downloads an API file (named by the server, else `fallbackName`). */
export async function downloadFile(url: string, fallbackName: string, options?: TFileOptions): Promise<void> {
  const res = await fetchFile(url, options);
  saveBlob(await res.blob(), fileNameOf(res, fallbackName));
}

/**
 * Opens an API page (an HTML transcript to print) in a new tab. The tab is opened at once, by the
 * click, so the browser does not treat it as an unrequested pop-up.
 */
export async function openFileInTab(url: string, options?: TFileOptions): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const res = await fetchFile(url, options);
    const href = URL.createObjectURL(new Blob([await res.text()], { type: 'text/html' }));
    if (tab) tab.location.href = href;
    else window.location.assign(href);
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
