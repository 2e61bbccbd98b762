import { CONVERSATION_LIMITS } from '@atende/shared';

export { UploadError } from '../../../app/upload';

export type { TUploadedFile } from '../data/inbox-api';

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
