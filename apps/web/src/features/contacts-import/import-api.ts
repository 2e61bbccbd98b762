import type {
  TContactImport,
  TImportExistingChoice,
  TImportMapping,
  TImportPreviewRow,
  TImportRowError,
  TImportUpload,
} from '@atende/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { downloadFile, fileUrl } from '../../app/download';
import type { TMutationOptions } from '../../app/query-client';
import { uploadFile } from '../../app/upload';
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

export const previewImport = (
  acc: string,
  id: string,
  mapping: TImportMapping,
  existing: TImportExistingChoice = 'update',
) => api.post<TImportPreviewRow[]>(`${BASE}/${id}/preview`, { mapping, existing }, { query: { acc } });

export interface TStartOptions {
  mapping: TImportMapping;
  /** Rows whose phone has a contact: update it or skip them. */
  existing: TImportExistingChoice;
  tags: string[];
  phase: string | null;
}

export const startImport = (acc: string, id: string, body: TStartOptions) =>
  api.post<TContactImport>(`${BASE}/${id}/start`, body, { query: { acc } });

export const cancelImport = (acc: string, id: string) =>
  api.post<TContactImport>(`${BASE}/${id}/cancel`, {}, { query: { acc } });

/**
 * POST /p/chat/contact/import?name=… with the file's raw bytes (app/upload.ts: upload progress
 * 0..1, one token renewal when the access token expired mid-way).
 */
export function uploadCsv(
  acc: string,
  file: File,
  lang: string,
  onProgress: (fraction: number) => void,
): Promise<TImportUpload> {
  return uploadFile<TImportUpload>(BASE, acc, file, onProgress, lang).promise;
}

/** The wizard's upload step: one CSV at a time, progress reported to `onProgress`. */
export function useUploadCsv(
  acc: string,
  { lang, onProgress }: { lang: string; onProgress: (fraction: number) => void },
  options: TMutationOptions<TImportUpload, File> = {},
) {
  return useMutation({ ...options, mutationFn: (file) => uploadCsv(acc, file, lang, onProgress) });
}

/** GET …/:id/report (needs the Bearer token, so it is fetched and saved rather than linked). */
export function downloadErrorReport(acc: string, imp: TContactImport, lang: string): Promise<void> {
  const fallback = `${imp.fileName.replace(/\.csv$/i, '')}-errors.csv`;
  return downloadFile(fileUrl(`${BASE}/${imp._id}/report`, { acc }), fallback, { lang });
}
