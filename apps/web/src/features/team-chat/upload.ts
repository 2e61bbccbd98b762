import { LIMITS, TEAM_CHAT_MAX_FILES } from '@atende/shared';
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

export { UploadError } from '../../app/upload';

/** The download link of a stored file: its url plus the access token (spec §7). */
export function fileHref(url: string): string {
  if (!url) return '';
  const token = readItem('accessToken') ?? '';
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg'];
