import { findPlan, hasRole, type TInboxData, type TInboxOperator } from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import type { TTenant } from '../../../platform/tenancy';
import type { AccountsService } from '../../accounts/accounts.service';
import type { ChannelsService } from '../../channels/channels.service';
import type { InboxSettingsService } from '../../inbox-settings/inbox-settings.service';
import type { PresenceService } from '../../team-chat/presence.service';
import { countOpenConversations } from './conversations.repo';

export const NO_OPERATOR_LABEL = 'Sem operador';

/**
 * GET /p/chat/inbox/{acc} (spec §3 inbox data): restrictOperator, the inbox settings the web
 * needs, the operators (with online and last seen from the team chat presence) plus the
 * 'Sem operador' option, the channels, the tab counts and the plan usage.
 */
export class InboxDataService {
  constructor(
    private readonly db: TDb,
    private readonly settings: InboxSettingsService,
    private readonly channels: ChannelsService,
    private readonly accounts: AccountsService,
    private readonly presence: () => PresenceService,
  ) {}

  async load(tenant: TTenant): Promise<TInboxData> {
    const { accountId } = tenant;
    const [settings, restrictOperator, openNow, members, presence, channels] = await Promise.all([
      this.settings.get(accountId),
      this.settings.isRestricted(tenant),
      this.settings.isOpenNow(accountId),
      this.accounts.members(accountId),
      this.presence()
        .snapshot(accountId)
        .catch(() => []),
      this.channels.summaries(accountId),
    ]);
    const departments =
      hasRole(tenant.role, 'manager') || tenant.intentions.length === 0 ? null : tenant.intentions;
    const counts = restrictOperator
      ? { waiting: 0, attendance: 0, mine: 0, hold: 0 }
      : await countOpenConversations(
          this.db,
          accountId,
          tenant.userId,
          departments,
          hasRole(tenant.role, 'manager'),
        );
    const seen = new Map(presence.map((p) => [p.userId, p]));
    const operators: TInboxOperator[] = members.map((m) => {
      const p = seen.get(m.userId);
      return {
        name: m.name,
        value: m.userId,
        operatorData: {
          _id: m.userId,
          intentions: m.intentions,
          entities: m.entities,
          acl: m.acl,
          online: !!p && p.status !== 'offline',
        },
        lastSeenDate: p?.lastSeen ?? null,
      };
    });
    operators.push({ name: NO_OPERATOR_LABEL, value: '', operatorData: null, lastSeenDate: null });
    return {
      restrictOperator,
      inbox: {
        restrictReportDownload: tenant.account.restrictReportDownload,
        timeToSendAutomationAndCampaign: settings.timeToSendAutomationAndCampaign,
        loadSize: settings.loadSize,
        hideWaitingTab: settings.hideWaitingTab,
        blockStartConversation: settings.blockStartConversation,
        restrictOutsideHours: settings.restrictOutsideHours,
        openNow,
        timezone: tenant.account.timezone,
      },
      operators,
      channels,
      counts,
      usage: {
        used: tenant.usage.count,
        limit: findPlan(tenant.plan.planId)?.planParameters.conversations ?? null,
      },
    };
  }
}
