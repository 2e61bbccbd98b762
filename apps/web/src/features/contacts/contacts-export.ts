import { LIMITS } from '@atende/shared';
import { ApiError, FRONT_VERSION, isJwtMessage, refreshAccessToken } from '../../app/api-client';
import { currentLang } from '../../app/i18n';
import { readItem } from '../../app/storage';
import { filterQuery, type TContactFilters } from './contact-filters';

export type TExportFormat = 'csv' | 'xlsx';

function exportUrl(acc: string, filters: TContactFilters, format: TExportFormat): string {
  const params = new URLSearchParams({ acc, format });
  for (const [key, value] of Object.entries(filterQuery(filters))) if (value) params.set(key, value);
  return `/p/chat/contact/export?${params.toString()}`;
}

async function fetchExport(url: string): Promise<Response> {
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

function fileNameOf(res: Response, format: TExportFormat): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `contacts.${format}`;
}

/**
 * Downloads the contacts of the current filter as CSV or XLSX. A refusal (FUNCTION_UNAVAILABLE when
 * downloads are blocked, NOT_AUTHORIZED) rejects with the server's ApiError.
 */
export async function downloadContacts(acc: string, filters: TContactFilters, format: TExportFormat) {
  const url = exportUrl(acc, filters, format);
  let res = await fetchExport(url);
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    const message: string = body?.message ?? res.statusText;
    if (message === 'jwt expired' && (await refreshAccessToken())) res = await fetchExport(url);
    else
      throw new ApiError(
        res.status,
        body?.code ?? (isJwtMessage(message) ? 'UNAUTHORIZED' : 'UNKNOWN'),
        message,
      );
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, body?.code ?? 'UNKNOWN', body?.message ?? res.statusText);
  }
  const blob = await res.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(res, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}
