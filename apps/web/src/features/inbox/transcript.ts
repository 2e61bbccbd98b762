import { LIMITS } from '@atende/shared';
import { ApiError, FRONT_VERSION, refreshAccessToken } from '../../app/api-client';
import { readItem } from '../../app/storage';

export type TTranscriptFormat = 'html' | 'csv' | 'txt';

async function fetchTranscript(url: string, lang: string): Promise<Response> {
  const token = readItem('accessToken');
  return fetch(url, {
    headers: {
      'Front-Version': FRONT_VERSION,
      'Accept-Language': lang,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs * 2),
  });
}

/**
 * A conversation's transcript (GET /p/chat/conversation/{id}/transcript, bearer token): html opens
 * in a new tab to print (the tab is opened by the click, before the download), csv/txt download.
 */
export async function openTranscript(acc: string, id: string, format: TTranscriptFormat, lang: string) {
  const target = format === 'html' ? window.open('', '_blank') : null;
  const url = `/p/chat/conversation/${id}/transcript?${new URLSearchParams({ acc, format }).toString()}`;
  try {
    let res = await fetchTranscript(url, lang);
    if (res.status === 401 && (await refreshAccessToken())) res = await fetchTranscript(url, lang);
    if (!res.ok) {
      const body = await res.json().catch(() => null);
      throw new ApiError(res.status, body?.code ?? 'UNKNOWN', body?.message ?? res.statusText);
    }
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    if (target) {
      target.location.href = href;
      return;
    }
    const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
    const link = document.createElement('a');
    link.href = href;
    link.download = match?.[1] ?? `transcript.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (error) {
    target?.close();
    throw error;
  }
}
