import { hasRole } from '@atende/shared';
import { AppError } from '../../../platform/errors';
import type { TTenant } from '../../../platform/tenancy';
import type { InboxSettingsService } from '../../inbox-settings/inbox-settings.service';
import { canSee, type TConversationState, type TVisibilityPolicy } from './inbox-rooms';

export type TViewer = Pick<TTenant, 'accountId' | 'userId' | 'role' | 'intentions'>;

/** Who may see and act on what in the inbox (the HTTP side of inbox-rooms.ts). */
export class InboxAccess {
  constructor(private readonly settings: InboxSettingsService) {}

  async policy(accountId: string, now = new Date()): Promise<TVisibilityPolicy> {
    const s = await this.settings.get(accountId);
    const operatorsRestricted = s.restrictOutsideHours && !(await this.settings.isOpenNow(accountId, now));
    return { hideWaitingTab: s.hideWaitingTab, operatorsRestricted };
  }

  /**
   * Every inbox call but the inbox data itself: a restricted operator (outside business hours with
   * the restriction on) is refused with OUTSIDE_BUSINESS_HOURS.
   */
  async gate(viewer: TViewer): Promise<TVisibilityPolicy> {
    const policy = await this.policy(viewer.accountId);
    if (policy.operatorsRestricted && !hasRole(viewer.role, 'manager'))
      throw new AppError('OUTSIDE_BUSINESS_HOURS');
    return policy;
  }

  /** CONVERSATION_NOT_FOUND when the viewer may not see it (the same answer as another account's id). */
  assertCanSee(
    viewer: TViewer,
    state: TConversationState & { closedBy?: string | null },
    policy: TVisibilityPolicy,
  ) {
    if (!canSee(viewer, state, policy)) throw new AppError('CONVERSATION_NOT_FOUND');
  }
}

/**
 * ACTIVE_CONVERSATION_EXISTS about the contact's open conversation on a channel: its id goes in
 * the details ({ conversationId }) when the caller may open it, so the web can offer to.
 */
export function activeConversationExists(
  viewer: TViewer,
  policy: TVisibilityPolicy,
  open: (TConversationState & { id: string; closedBy?: string | null }) | undefined,
): AppError {
  const visible = open && canSee(viewer, open, policy);
  return new AppError('ACTIVE_CONVERSATION_EXISTS', visible ? { conversationId: open.id } : undefined);
}
