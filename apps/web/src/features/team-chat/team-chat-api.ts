import type { TTeamChatUploadResult, TTeamMembersEvent } from '@atende/shared';
import { api } from '../../app/api-client';
import { type TUpload, uploadFile } from '../../app/upload';

/** The roster with presence (GET /p/team-chat/members). */
export const loadTeamMembers = (acc: string) => api.get<TTeamMembersEvent>('/p/team-chat/members', { acc });

/** POST /p/team-chat/upload with progress (0..1). */
export function uploadTeamChatFile(
  accountId: string,
  file: File,
  onProgress: (fraction: number) => void,
  lang: string,
): TUpload<TTeamChatUploadResult> {
  return uploadFile<TTeamChatUploadResult>('/p/team-chat/upload', accountId, file, onProgress, lang);
}
