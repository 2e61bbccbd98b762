import { rooms } from '../../../platform/rooms';
import { hasRole, type TRole } from '@atende/shared';

/**
 * Socket.IO rooms of namespace /attendance the inbox pushes to (joined on connection from the
 * member's role and intentions, see inbox.sockets.ts):
 * - managers and up: `inbox:<acc>:all` (every conversation);
 * - operators attending every department (no intentions): `inbox:<acc>:ops`;
 * - operators restricted to departments: `inbox:<acc>:dept:<d>` for each, and `inbox:<acc>:ops-dept`
 *   (conversations not routed to a department yet);
 * - each member: `inbox:<acc>:u:<userId>` (conversations assigned to them);
 * - `conversation:<id>`: sockets that opened a conversation (typing indicators).
 */
export const inboxRooms = { ...rooms.inbox, conversation: rooms.conversation };

/** The rooms a member's socket joins. */
export function memberRooms(acc: string, userId: string, role: TRole, intentions: string[]): string[] {
  const rooms = [inboxRooms.user(acc, userId)];
  if (hasRole(role, 'manager')) rooms.push(inboxRooms.managers(acc));
  else if (intentions.length === 0) rooms.push(inboxRooms.operators(acc));
  else {
    rooms.push(inboxRooms.departmentOperators(acc));
    for (const d of intentions) rooms.push(inboxRooms.department(acc, d));
  }
  return rooms;
}

/** What decides who sees a conversation. */
export interface TConversationState {
  stage: string;
  assigneeId: string | null;
  departmentId: string | null;
}

export interface TVisibilityPolicy {
  /** Operators cannot see the waiting tab. */
  hideWaitingTab: boolean;
  /** Operators are restricted now (outside business hours with the restriction on). */
  operatorsRestricted: boolean;
}

/**
 * The rooms allowed to see a conversation in `state`: managers always; its assignee; operators
 * (of its department, or all when it has none) while it waits unassigned — unless the waiting tab
 * is hidden from them or they are restricted now. `assigneeIsOperator` says whether the assignee's
 * own room is subject to the operator restriction.
 */
export function roomsFor(
  acc: string,
  state: TConversationState,
  policy: TVisibilityPolicy,
  assigneeIsOperator: boolean,
): string[] {
  const rooms = [inboxRooms.managers(acc)];
  if (state.assigneeId && !(assigneeIsOperator && policy.operatorsRestricted))
    rooms.push(inboxRooms.user(acc, state.assigneeId));
  if (policy.operatorsRestricted || policy.hideWaitingTab) return rooms;
  if (state.stage === 'waiting' && !state.assigneeId) {
    rooms.push(inboxRooms.operators(acc));
    rooms.push(
      state.departmentId
        ? inboxRooms.department(acc, state.departmentId)
        : inboxRooms.departmentOperators(acc),
    );
  }
  return rooms;
}

/** Whether a member may see a conversation (the same rule as roomsFor, for HTTP reads). */
export function canSee(
  viewer: { userId: string; role: TRole; intentions: string[] },
  state: TConversationState & { closedBy?: string | null },
  policy: TVisibilityPolicy,
): boolean {
  if (hasRole(viewer.role, 'manager')) return true;
  if (policy.operatorsRestricted) return false;
  if (state.assigneeId === viewer.userId || state.closedBy === viewer.userId) return true;
  if (state.stage !== 'waiting' || state.assigneeId || policy.hideWaitingTab) return false;
  return isInDepartments(viewer.intentions, state.departmentId);
}

/** An operator's departments admit a conversation: no restriction, no department yet, or one of theirs. */
export function isInDepartments(intentions: string[], departmentId: string | null): boolean {
  return intentions.length === 0 || !departmentId || intentions.includes(departmentId);
}
