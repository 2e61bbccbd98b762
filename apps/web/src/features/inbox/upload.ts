import { CONVERSATION_LIMITS } from '@atende/shared';
import { FRONT_VERSION, refreshAccessToken } from '../../app/api-client';
import { readItem } from '../../app/storage';

export interface TUploadedFile {
  fileId: string;
  name: string;
  mimeType: string;
  size: number;
}

export type TFileProblem = 'size' | 'count';

/** Spec §5/§9: at most 100 files of 50 MB each (the channel's own limits are the server's to tell). */
export function checkInboxFiles(files: File[], already: number): { ok: File[]; problems: TFileProblem[] } {
  const ok: File[] = [];
  const problems = new Set<TFileProblem>();
  for (const file of files) {
    if (file.size > CONVERSATION_LIMITS.fileMaxBytes) problems.add('size');
    else if (already + ok.length >= CONVERSATION_LIMITS.filesPerSend) problems.add('count');
    else ok.push(file);
  }
  return { ok, problems: [...problems] };
}

export class UploadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

function post(acc: string, file: File, lang: string, onProgress: (f: number) => void, xhr: XMLHttpRequest) {
  return new Promise<TUploadedFile>((resolve, reject) => {
    const query = new URLSearchParams({ acc, name: file.name });
    xhr.open('POST', `/p/chat/upload?${query.toString()}`);
    const token = readItem('accessToken');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Front-Version', FRONT_VERSION);
    xhr.setRequestHeader('Accept-Language', lang);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
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
      if (xhr.status >= 200 && xhr.status < 300 && body?.status === 1) {
        onProgress(1);
        resolve(body.data as TUploadedFile);
      } else reject(new UploadError(body?.code ?? 'FILE_UPLOAD_ERROR', body?.message ?? xhr.statusText));
    };
    xhr.onerror = () => reject(new UploadError('NETWORK_ERROR', 'network error'));
    xhr.onabort = () => reject(new UploadError('ABORTED', 'aborted'));
    xhr.send(file);
  });
}

/** POST /p/chat/upload (raw bytes, name in the query) with progress (0..1); renews an expired token once. */
export function uploadInboxFile(
  acc: string,
  file: File,
  onProgress: (fraction: number) => void,
  lang: string,
): { promise: Promise<TUploadedFile>; abort: () => void } {
  let xhr = new XMLHttpRequest();
  const promise = post(acc, file, lang, onProgress, xhr).catch(async (error: UploadError) => {
    if (error.message !== 'jwt expired' || !(await refreshAccessToken())) throw error;
    xhr = new XMLHttpRequest();
    return post(acc, file, lang, onProgress, xhr);
  });
  return { promise, abort: () => xhr.abort() };
}
