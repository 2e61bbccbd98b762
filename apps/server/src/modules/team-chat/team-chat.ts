import type { TAiProvider } from '../../platform/ai/ai-provider';
import type { AiSettingsService } from '../ai/ai-settings.service';
import type { TPlatform } from '../../platform/platform';
import { AiRoomService } from './ai-room.service';
import { TeamChatFiles } from './files.service';
import { PresenceService } from './presence.service';
import { TeamChatService } from './team-chat.service';
import { TeamDirectory } from './team-directory';

/** The team chat feature, wired once per process (services.ts); the plugin attaches sockets and routes. */
export class TeamChat {
  readonly directory: TeamDirectory;
  readonly chat: TeamChatService;
  readonly presence: PresenceService;
  readonly ai: AiRoomService;
  readonly files: TeamChatFiles;

  constructor(
    readonly platform: TPlatform,
    ai: { provider: TAiProvider; settings: AiSettingsService },
  ) {
    const db = platform.database.db;
    const log = () => platform.log;
    this.directory = new TeamDirectory(db, platform.tenantCache);
    this.chat = new TeamChatService(db, this.directory);
    this.presence = new PresenceService(db, platform.realtime, this.directory, log);
    this.ai = new AiRoomService(db, platform.realtime, ai.provider, ai.settings, this.directory, log);
    this.files = new TeamChatFiles(db, platform.jwt, this.directory);
  }
}
