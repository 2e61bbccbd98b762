import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, type TStatement } from '@atende/shared';
import { ApiError, api, FRONT_VERSION, isJwtMessage, refreshAccessToken } from '../../app/api-client';
import { currentLang } from '../../app/i18n';
import { readItem } from '../../app/storage';
import type { TPeriod } from './period';

export const STATEMENT_PAGE_SIZE = 50;

export function useStatement(acc: string, period: TPeriod, page: number) {
  return useQuery({
    queryKey: ['acc', acc, 'statement', period.from, period.to, page],
    queryFn: () =>
      api.get<TStatement>('/p/chat/statement', { acc, ...period, page, limit: STATEMENT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

function authorizedFetch(url: string): Promise<Response> {
  const token = readItem('accessToken');
  return fetch(url, {
    headers: {
      'Front-Version': FRONT_VERSION,
      'Accept-Language': currentLang(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs * 4),
  });
}

/** A file the API answers (export, transcript); a refusal rejects with the server's ApiError. */
async function fetchFile(url: string): Promise<Response> {
  let res = await authorizedFetch(url);
  if (res.ok) return res;
  let body = await res.json().catch(() => null);
  if (body?.message === 'jwt expired' && (await refreshAccessToken())) {
    res = await authorizedFetch(url);
    if (res.ok) return res;
    body = await res.json().catch(() => null);
  }
  const message: string = body?.message ?? res.statusText;
  throw new ApiError(res.status, body?.code ?? (isJwtMessage(message) ? 'UNAUTHORIZED' : 'UNKNOWN'), message);
}

/** Downloads the period's statement as CSV or XLSX (FUNCTION_UNAVAILABLE when downloads are blocked). */
export async function downloadStatement(acc: string, period: TPeriod, format: 'csv' | 'xlsx'): Promise<void> {
  const params = new URLSearchParams({ acc, from: period.from, to: period.to, format });
  const res = await fetchFile(`/p/chat/statement/export?${params.toString()}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = name ?? `statement-${period.from}_${period.to}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}

/** Opens a conversation's printable transcript (HTML) in a new tab. */
export async function openTranscript(acc: string, conversationId: string): Promise<void> {
  // Opened before the request so the browser does not treat it as an unrequested pop-up.
  const tab = window.open('', '_blank');
  try {
    const params = new URLSearchParams({ acc, format: 'html' });
    const res = await fetchFile(`/p/chat/conversation/${conversationId}/transcript?${params.toString()}`);
    const url = URL.createObjectURL(new Blob([await res.text()], { type: 'text/html' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
