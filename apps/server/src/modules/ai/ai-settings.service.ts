import type { TAiPromptKind, TAiProviderStatus, TAiSettings, TAiSettingsBody, TLang } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { TActor } from '../../platform/request-context';
import { changesOf } from '../activity-log/activity-changes';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { DEFAULT_AI_PROMPTS } from './ai-prompts';
import {
  addAiUsage,
  findAiSettingsRow,
  findAiUsage,
  monthOf,
  type TAiPromptsPatch,
  type TAiSettingsRow,
  upsertAiSettingsRow,
} from './ai-settings.repo';

const COLUMN = { inbox: 'inboxPrompt', assistant: 'assistantPrompt' } as const;

function promptView(row: TAiSettingsRow | undefined, kind: TAiPromptKind, lang: TLang) {
  const own = row?.[COLUMN[kind]] ?? null;
  const fallback = DEFAULT_AI_PROMPTS[kind][lang];
  return { text: own ?? fallback, custom: own !== null, default: fallback };
}

/**
 * Settings → AI: the account's prompts (inbox suggestions, assistant room; null = the default),
 * the provider's status and this month's usage, which every AI call of the account adds to
 * (the counting provider calls `record`).
 */
export class AiSettingsService {
  constructor(
    private readonly db: TDb,
    private readonly activity: ActivityLogService,
    /** The account's time zone: usage is counted per calendar month there. */
    private readonly timeZoneOf: (accountId: string) => Promise<string> = async () => 'UTC',
  ) {}

  /** The prompt the AI uses now for `kind`: the account's own, or the default in `lang`. */
  async prompt(accountId: string, kind: TAiPromptKind, lang: TLang): Promise<string> {
    return promptView(await findAiSettingsRow(this.db, accountId), kind, lang).text;
  }

  /** The account's own prompt for `kind`, or null while it uses the default. */
  async ownPrompt(accountId: string, kind: TAiPromptKind): Promise<string | null> {
    return (await findAiSettingsRow(this.db, accountId))?.[COLUMN[kind]] ?? null;
  }

  async view(
    accountId: string,
    lang: TLang,
    provider: TAiProviderStatus,
    flags: { aiEnable: boolean; assistantEnable: boolean },
  ): Promise<TAiSettings> {
    const row = await findAiSettingsRow(this.db, accountId);
    const month = monthOf(new Date(), await this.timeZoneOf(accountId));
    const usage = await findAiUsage(this.db, accountId, month);
    return {
      prompts: { inbox: promptView(row, 'inbox', lang), assistant: promptView(row, 'assistant', lang) },
      provider,
      usage: { month: month.slice(0, 7), requests: usage.requests, tokens: Number(usage.tokens) },
      ...flags,
    };
  }

  /** Saves the prompts given (null: back to the default) and logs what changed. */
  async update(accountId: string, body: TAiSettingsBody, actor?: TActor) {
    const before = await findAiSettingsRow(this.db, accountId);
    const patch: TAiPromptsPatch = {};
    if (body.inboxPrompt !== undefined) patch.inboxPrompt = body.inboxPrompt;
    if (body.assistantPrompt !== undefined) patch.assistantPrompt = body.assistantPrompt;
    if (Object.keys(patch).length === 0) return;
    const after = await upsertAiSettingsRow(this.db, accountId, actor?.userId ?? null, patch);
    const fields = Object.keys(patch);
    const changes = changesOf({ ...before }, { ...after }, fields);
    if (actor && changes.length)
      await this.activity.record(accountId, actor, { action: 'ai.settings_updated', details: { changes } });
  }

  /** One AI call of the account (the counting provider's recorder), in the account's month of `at`. */
  readonly record = async (accountId: string, call: { tokens: number }, at = new Date()) => {
    const month = monthOf(at, await this.timeZoneOf(accountId));
    await addAiUsage(this.db, accountId, call.tokens, month);
  };
}
