import { LIMITS, TEAM_CHAT_MAX_FILES, type TTeamChatUploadResult } from '@atende/shared';
import { FRONT_VERSION } from '../../app/api-client';
import { readItem } from '../../app/storage';

export type TFileProblem = 'type' | 'size' | 'count';

/** Spec §5/§9: png, jpeg, pdf, doc, docx, xlsx; 50 MB; at most TEAM_CHAT_MAX_FILES per message. */
export function checkFiles(files: File[], already: number): { ok: File[]; problems: TFileProblem[] } {
  const ok: File[] = [];
  const problems = new Set<TFileProblem>();
  const accepted: readonly string[] = LIMITS.teamChat.acceptedFileExtensions;
  for (const file of files) {
    const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
    if (!accepted.includes(extension)) problems.add('type');
    else if (file.size > LIMITS.files.maxBytes) problems.add('size');
    else if (already + ok.length >= TEAM_CHAT_MAX_FILES) problems.add('count');
    else ok.push(file);
  }
  return { ok, problems: [...problems] };
}

export const ACCEPT_ATTRIBUTE = LIMITS.teamChat.acceptedFileExtensions.map((e) => `.${e}`).join(',');

export class UploadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** POST /p/team-chat/upload (raw body, name in the query) with upload progress (0..1). */
export function uploadTeamChatFile(
  accountId: string,
  file: File,
  onProgress: (fraction: number) => void,
  lang: string,
): { promise: Promise<TTeamChatUploadResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TTeamChatUploadResult>((resolve, reject) => {
    const query = new URLSearchParams({ acc: accountId, name: file.name });
    xhr.open('POST', `/p/team-chat/upload?${query.toString()}`);
    const token = readItem('accessToken');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Front-Version', FRONT_VERSION);
    xhr.setRequestHeader('Accept-Language', lang);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
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
        resolve(body.data as TTeamChatUploadResult);
      } else reject(new UploadError(body?.code ?? 'UNKNOWN', body?.message ?? xhr.statusText));
    };
    xhr.onerror = () => reject(new UploadError('NETWORK_ERROR', 'network error'));
    xhr.onabort = () => reject(new UploadError('ABORTED', 'aborted'));
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}

/** The download link of a stored file: its url plus the access token (spec §7). */
export function fileHref(url: string): string {
  if (!url) return '';
  const token = readItem('accessToken') ?? '';
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg'];
