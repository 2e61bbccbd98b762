import type {
  TContactImport,
  TImportMapping,
  TImportPreviewRow,
  TImportRowError,
  TImportUpload,
} from '@atende/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, FRONT_VERSION, refreshAccessToken } from '../../app/api-client';
import { downloadFile, fileUrl } from '../../app/download';
import { readItem } from '../../app/storage';
import { usePhases, useTags } from '../contacts/contacts-api';

const BASE = '/p/chat/contact/import';

export const importsKey = (acc: string) => ['acc', acc, 'contacts-import'] as const;
export const importErrorsKey = (acc: string, id: string, page: number) =>
  ['acc', acc, 'contacts-import', id, 'errors', page] as const;

export interface TImportErrorItem {
  line: number;
  errors: TImportRowError[];
  cells: string[];
}

export interface TImportErrorPage {
  items: TImportErrorItem[];
  count: number;
}

export const ERRORS_PAGE_SIZE = 20;

/** The last imports of the account (newest first, at most 20). */
export function useImportHistory(acc: string) {
  return useQuery({
    queryKey: importsKey(acc),
    queryFn: () => api.get<TContactImport[]>(BASE, { acc }),
  });
}

export function useImportErrors(acc: string, id: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: importErrorsKey(acc, id, page),
    queryFn: () => api.get<TImportErrorPage>(`${BASE}/${id}/errors`, { acc, page, limit: ERRORS_PAGE_SIZE }),
    enabled,
  });
}

/** Tags and phases offered for every imported contact (the contacts feature's queries). */
export function useImportOptions(acc: string) {
  const tags = useTags(acc);
  const phases = usePhases(acc);
  return { tags: tags.data ?? [], phases: phases.data ?? [] };
}

export const getImport = (acc: string, id: string) => api.get<TContactImport>(`${BASE}/${id}`, { acc });

export const previewImport = (acc: string, id: string, mapping: TImportMapping) =>
  api.post<TImportPreviewRow[]>(`${BASE}/${id}/preview`, { mapping }, { query: { acc } });

export interface TStartOptions {
  mapping: TImportMapping;
  tags: string[];
  phase: string | null;
}

export const startImport = (acc: string, id: string, body: TStartOptions) =>
  api.post<TContactImport>(`${BASE}/${id}/start`, body, { query: { acc } });

export const cancelImport = (acc: string, id: string) =>
  api.post<TContactImport>(`${BASE}/${id}/cancel`, {}, { query: { acc } });

function authHeaders(lang: string): Record<string, string> {
  const headers: Record<string, string> = { 'Front-Version': FRONT_VERSION, 'Accept-Language': lang };
  const token = readItem('accessToken');
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function postFile(
  url: string,
  file: File,
  lang: string,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(authHeaders(lang))) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: any = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'network error'));
    xhr.send(file);
  });
}

/**
 * POST /p/chat/contact/import?name=… with the file as the raw text/csv body, reporting upload
 * progress (0..1). An expired access token is renewed once, then the file is sent again.
 */
export async function uploadCsv(
  acc: string,
  file: File,
  lang: string,
  onProgress: (fraction: number) => void,
): Promise<TImportUpload> {
  const url = `${BASE}?${new URLSearchParams({ acc, name: file.name }).toString()}`;
  let res = await postFile(url, file, lang, onProgress);
  if (res.status === 401 && res.body?.message === 'jwt expired' && (await refreshAccessToken()))
    res = await postFile(url, file, lang, onProgress);
  if (res.status >= 200 && res.status < 300 && res.body?.status === 1) return res.body.data as TImportUpload;
  const code = typeof res.body?.code === 'string' ? res.body.code : 'UNKNOWN';
  throw new ApiError(res.status, code, res.body?.message ?? '', res.body?.fields ?? []);
}

/** GET …/:id/report (needs the Bearer token, so it is fetched and saved rather than linked). */
export function downloadErrorReport(acc: string, imp: TContactImport, lang: string): Promise<void> {
  const fallback = `${imp.fileName.replace(/\.csv$/i, '')}-errors.csv`;
  return downloadFile(fileUrl(`${BASE}/${imp._id}/report`, { acc }), fallback, { lang });
}
