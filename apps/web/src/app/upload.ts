import { ApiError, FRONT_VERSION, refreshAccessToken, type TFieldIssue } from './api-client';
import { readItem } from './storage';

/** A refused or failed upload: an ApiError (status 0 when no answer came), so errorText shows it. */
export class UploadError extends ApiError {
  constructor(code: string, message: string, status = 0, fields: TFieldIssue[] = []) {
    super(status, code, message, fields);
    this.name = 'UploadError';
  }
}

export type TUpload<T> = { promise: Promise<T>; abort: () => void };

function post<T>(
  url: string,
  file: File,
  lang: string,
  onProgress: (f: number) => void,
  xhr: XMLHttpRequest,
) {
  return new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    const token = readItem('accessToken');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Front-Version', FRONT_VERSION);
    xhr.setRequestHeader('Accept-Language', lang);
    // Always octet-stream: the server takes raw bytes and types files by name and content; a
    // text/plain or JSON file must not reach Fastify's built-in text/JSON parsers.
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
        resolve(body.data as T);
      } else
        reject(
          new UploadError(
            body?.code ?? 'FILE_UPLOAD_ERROR',
            body?.message ?? xhr.statusText,
            xhr.status,
            Array.isArray(body?.fields) ? body.fields : [],
          ),
        );
    };
    xhr.onerror = () => reject(new UploadError('NETWORK_ERROR', 'network error'));
    xhr.onabort = () => reject(new UploadError('ABORTED', 'aborted'));
    xhr.send(file);
  });
}

/**
 * POSTs a file's raw bytes (name and account in the query) with upload progress (0..1), the API
 * client's headers, and one token renewal when the access token expired mid-way. XMLHttpRequest,
 * not fetch: fetch reports no upload progress.
 */
export function uploadFile<T>(
  path: string,
  acc: string,
  file: File,
  onProgress: (fraction: number) => void,
  lang: string,
): TUpload<T> {
  const url = `${path}?${new URLSearchParams({ acc, name: file.name }).toString()}`;
  let xhr = new XMLHttpRequest();
  const promise = post<T>(url, file, lang, onProgress, xhr).catch(async (error: UploadError) => {
    if (error.message !== 'jwt expired' || !(await refreshAccessToken())) throw error;
    xhr = new XMLHttpRequest();
    return post<T>(url, file, lang, onProgress, xhr);
  });
  return { promise, abort: () => xhr.abort() };
}
