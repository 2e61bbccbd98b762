import { TEAM_CHAT_ASSISTANT_ID, type TTeamChatMessage } from '@atende/shared';
import type { TMessageRow } from './messages.repo';

/** The download link of a file (spec §7); the client appends `&token=<access token>`. */
export function fileUrl(roomId: string, seq: number, index: number, name: string, extension: string) {
  return `/p/team-chat/redirFile/${roomId}/${encodeURIComponent(name)}.${extension}?messageIndex=${seq}&fileIndex=${index}`;
}

/** A stored message as the spec's fields (§3). */
export function presentMessage(
  row: TMessageRow,
  status: TTeamChatMessage['status'] = 'sent',
): TTeamChatMessage {
  return {
    _id: row.id,
    content: row.content,
    senderId: row.senderId ?? TEAM_CHAT_ASSISTANT_ID,
    roomId: row.roomId,
    files: row.files.map((f, i) => ({
      name: f.name,
      extension: f.extension,
      size: f.size,
      url: fileUrl(row.roomId, row.seq, i, f.name, f.extension),
    })),
    timestamp: row.createdAt.toISOString(),
    status,
    seq: row.seq,
    tempId: row.tempId,
    ...(row.ai ? { ai: row.ai } : {}),
  };
}
