import type { TConversation } from '@atende/shared';
import type { DomainEvents } from '../../../platform/events';
import type { TDb } from '../../../platform/db/client';
import { clearConversationsDepartment } from './distribution.repo';
import type { DistributionService } from './distribution.service';

const waitsUnassigned = (c: TConversation) => c.stage === 'waiting' && !c.assigneeId;

/**
 * Automatic distribution reacts (on this node, after commit) to a conversation that waits
 * unassigned, and retries the account's waiting ones when capacity frees up (a close, a
 * transfer). The retry job and the one-minute sweep are the durable backstop.
 */
export function listenForDistribution(bus: DomainEvents, distribution: DistributionService) {
  bus.on('conversation.opened', (e) => {
    if (waitsUnassigned(e.data.conversation)) distribution.onWaiting(e.accountId, e.data.conversationId);
  });
  bus.on('conversation.updated', (e) => {
    if (waitsUnassigned(e.data.conversation)) distribution.onWaiting(e.accountId, e.data.conversationId);
  });
  bus.on('conversation.closed', (e) => distribution.kick(e.accountId));
  bus.on('conversation.assigned', (e) => {
    if (e.data.by === 'transfer') distribution.kick(e.accountId);
  });
  // Departments (issue 13): new rules (distribution, capacity, members) apply to the waiting ones.
  bus.on('department.changed', (e) => distribution.departmentChanged(e.accountId));
}

/** Departments (issue 13): conversations routed to a deleted department go back to no department. */
export function clearDeletedDepartments(bus: DomainEvents, db: TDb) {
  bus.durable(
    'inbox-department-deleted',
    ['department.changed'],
    async (e) => {
      await clearConversationsDepartment(db, e.accountId, e.data.departmentId);
    },
    { when: (e) => e.data.change === 'deleted' },
  );
}
