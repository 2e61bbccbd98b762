import type { TDb } from '../../platform/db/client';
import type { JwtService } from '../../platform/auth/jwt';
import { AppError } from '../../platform/errors';
import { checkFile } from './file-types';
import { insertFile, loadFile } from './files.repo';
import { findMessageBySeq } from './messages.repo';
import { findRoomAnyAccount } from './rooms.repo';
import { canUseRoom } from './team-chat.service';
import type { TeamDirectory } from './team-directory';

export interface TFileRequest {
  roomId: string;
  fileName: string;
  messageIndex: number;
  fileIndex: number;
  token: string;
}

/** Team chat files: uploads (checked by extension and content) and downloads for room members only. */
export class TeamChatFiles {
  constructor(
    private readonly db: TDb,
    private readonly jwt: JwtService,
    private readonly directory: TeamDirectory,
  ) {}

  async upload(accountId: string, userId: string, fileName: string, data: Buffer) {
    const { name, extension, mime } = checkFile(fileName, data);
    const row = await insertFile(this.db, {
      accountId,
      uploaderId: userId,
      name,
      extension,
      mime,
      size: data.byteLength,
      data,
    });
    return { fileId: row.id, name: row.name, extension: row.extension, size: row.size };
  }

  /**
   * The file of a link: the token's user must belong to the room's account and to the room;
   * anything else (unknown room, message, index or name, or no access) is 404 alike.
   */
  async download(request: TFileRequest) {
    const { sub: userId } = await this.jwt.verify(request.token);
    const notFound = () => new AppError('TEAM_CHAT_FILE_NOT_FOUND');
    const room = await findRoomAnyAccount(this.db, request.roomId);
    if (!room || !canUseRoom(room, userId) || !(await this.directory.isMember(room.accountId, userId)))
      throw notFound();
    const message = await findMessageBySeq(this.db, room.accountId, room.id, request.messageIndex);
    const file = message?.files[request.fileIndex];
    if (!file || `${file.name}.${file.extension}` !== request.fileName) throw notFound();
    const stored = await loadFile(this.db, room.accountId, file.fileId);
    if (!stored) throw notFound();
    return { ...stored, fileName: request.fileName };
  }
}
