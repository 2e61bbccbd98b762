import { describe, expect, it } from 'vitest';
import type { TConversationList } from '@atende/shared';
import {
  EMPTY_FILTERS,
  applyAck,
  applyConversationToList,
  lastServerMessageId,
  markLocal,
  matchesList,
  mergeConversation,
  mergeMessages,
  newestUpdate,
  nextAck,
  type TListContext,
  type TViewMessage,
} from './inbox-cache';
import { ME, OTHER, WHATSAPP, conversation, message } from '../inbox-testing';

const ctx = (patch: Partial<TListContext> = {}): TListContext => ({
  tab: 'waiting',
  filters: EMPTY_FILTERS,
  me: ME,
  manager: false,
  ...patch,
});

const list = (...items: ReturnType<typeof conversation>[]): TConversationList => ({
  items,
  count: items.length,
  next: null,
});

describe('messages', () => {
  it("replaces the optimistic message with the server's echo of the same clientId", () => {
    const local: TViewMessage = {
      ...message({ _id: 'local:c1', uid: 'c1', author: 'operator' }),
      local: true,
    };
    const older = message({ timestamp: '2026-03-10T11:00:00.000Z' });
    const echo = message({ uid: 'c1', author: 'operator', ack: 1, timestamp: '2026-03-10T12:00:01.000Z' });
    const merged = mergeMessages([older, local], [echo]);
    expect(merged.map((m) => m._id)).toEqual([older._id, echo._id]);
    expect(merged[1].local).toBeUndefined();
  });

  it('keeps a message once when the socket and the HTTP answer both bring it', () => {
    const m = message({ ack: 1 });
    expect(mergeMessages(mergeMessages([], [m]), [m])).toHaveLength(1);
  });

  it('orders by time; messages still being sent stay at the bottom', () => {
    const late = message({ timestamp: '2026-03-10T12:05:00.000Z' });
    const early = message({ timestamp: '2026-03-10T12:01:00.000Z' });
    const sending: TViewMessage = {
      ...message({ _id: 'local:x', uid: 'x', timestamp: '2026-03-10T12:00:00.000Z' }),
      local: true,
    };
    expect(mergeMessages([sending, late], [early]).map((m) => m._id)).toEqual([
      early._id,
      late._id,
      'local:x',
    ]);
  });

  it('acks only rise, and a failure wins with its error code', () => {
    expect(nextAck(3, 1)).toBe(3);
    expect(nextAck(1, 2)).toBe(2);
    expect(nextAck(2, -1)).toBe(-1);
    const m = message({ author: 'operator', ack: 3 });
    const state = { items: [m], hasOlder: false };
    expect(applyAck(state, { messageId: m._id, ack: 2 })).toBe(state);
    const failed = applyAck(state, { messageId: m._id, ack: -1, errorCode: 'WHATSAPP_WINDOW_CLOSED' });
    expect(failed?.items[0]).toMatchObject({ ack: -1, errorCode: 'WHATSAPP_WINDOW_CLOSED' });
    // An echo with a lower ack than the one already shown does not undo it.
    expect(mergeMessages([m], [{ ...m, ack: 1 }])[0].ack).toBe(3);
  });

  it('an ack for a message not on screen changes nothing', () => {
    const state = { items: [message()], hasOlder: true };
    expect(applyAck(state, { messageId: 'unknown', ack: 3 })).toBe(state);
    expect(applyAck(undefined, { messageId: 'unknown', ack: 3 })).toBeUndefined();
  });

  it('marks a local send as failed and finds the last stored message for the catch-up', () => {
    const stored = message();
    const local: TViewMessage = { ...message({ _id: 'local:y', uid: 'y' }), local: true };
    const state = { items: [stored, local], hasOlder: false };
    expect(markLocal(state, 'y', { sendError: 'NETWORK_ERROR' })?.items[1].sendError).toBe('NETWORK_ERROR');
    expect(lastServerMessageId(state)).toBe(stored._id);
  });
});

describe('conversation lists', () => {
  it('a new waiting conversation enters the waiting list on top and counts', () => {
    const old = conversation({ lastMessageAt: '2026-03-10T10:00:00.000Z' });
    const fresh = conversation({ lastMessageAt: '2026-03-10T12:30:00.000Z' });
    const next = applyConversationToList(list(old), fresh, ctx());
    expect(next?.items.map((c) => c._id)).toEqual([fresh._id, old._id]);
    expect(next?.count).toBe(2);
  });

  it('a taken conversation leaves the waiting list and enters the taker’s attendance list only', () => {
    const c = conversation();
    const taken = { ...c, stage: 'attendance' as const, assigneeId: OTHER };
    expect(applyConversationToList(list(c), taken, ctx())?.items).toEqual([]);
    expect(applyConversationToList(list(c), taken, ctx())?.count).toBe(0);
    // An operator's attendance list is theirs; a manager's shows everyone's.
    expect(applyConversationToList(list(), taken, ctx({ tab: 'attendance' }))?.items).toEqual([]);
    expect(
      applyConversationToList(list(), taken, ctx({ tab: 'attendance', manager: true }))?.items,
    ).toHaveLength(1);
    const mine = { ...taken, assigneeId: ME };
    expect(applyConversationToList(list(), mine, ctx({ tab: 'attendance' }))?.items).toHaveLength(1);
  });

  it('an update moves the conversation up without duplicating it', () => {
    const a = conversation({ lastMessageAt: '2026-03-10T12:00:00.000Z' });
    const b = conversation({ lastMessageAt: '2026-03-10T11:00:00.000Z' });
    const next = applyConversationToList(
      list(a, b),
      { ...b, lastMessageAt: '2026-03-10T13:00:00.000Z', unreadCount: 2 },
      ctx(),
    );
    expect(next?.items.map((c) => c._id)).toEqual([b._id, a._id]);
    expect(next?.items[0].unreadCount).toBe(2);
    expect(next?.count).toBe(2);
  });

  it("'Com o bot' holds the conversations in the flow stage, campaign ones too; they leave it at hand-over", () => {
    const inFlow = conversation({ stage: 'flow', assigneeId: null });
    const flowTab = ctx({ tab: 'flow', manager: true, filters: EMPTY_FILTERS });
    expect(matchesList(inFlow, flowTab)).toBe(true);
    expect(matchesList({ ...inFlow, origin: 'campaign' }, flowTab)).toBe(true);
    expect(matchesList({ ...inFlow, stage: 'waiting' }, flowTab)).toBe(false);
    expect(matchesList(inFlow, ctx({ tab: 'waiting', manager: true, filters: EMPTY_FILTERS }))).toBe(false);
  });

  it('filters: channel, tag, department and operator (with Sem operador)', () => {
    const c = conversation({
      stage: 'attendance',
      assigneeId: null,
      channelId: WHATSAPP,
      departmentId: 'vendas',
    });
    const manager = (filters: Partial<typeof EMPTY_FILTERS>) =>
      ctx({ tab: 'attendance', manager: true, filters: { ...EMPTY_FILTERS, ...filters } });
    expect(matchesList(c, manager({ channel: WHATSAPP }))).toBe(true);
    expect(matchesList(c, manager({ channel: 'other' }))).toBe(false);
    expect(matchesList(c, manager({ department: 'vendas' }))).toBe(true);
    expect(matchesList(c, manager({ department: 'suporte' }))).toBe(false);
    expect(matchesList(c, manager({ tag: 'vip' }))).toBe(false);
    expect(matchesList({ ...c, contact: { ...c.contact, tags: ['vip'] } }, manager({ tag: 'vip' }))).toBe(
      true,
    );
    expect(matchesList(c, manager({ operator: '' }))).toBe(true);
    expect(matchesList(c, manager({ operator: OTHER }))).toBe(false);
  });

  it('a searched list only updates what the server found', () => {
    const c = conversation();
    const searched = ctx({ filters: { ...EMPTY_FILTERS, search: 'carla' } });
    const empty = list();
    expect(applyConversationToList(empty, c, searched)).toBe(empty);
    const shown = list(c);
    expect(applyConversationToList(shown, { ...c, unreadCount: 4 }, searched)?.items[0].unreadCount).toBe(4);
  });

  it('campaign conversations: only in Campanhas (waiting, mine or everyone’s for managers); closed ones in the history', () => {
    const waiting = conversation({ origin: 'campaign' });
    const mine = conversation({ origin: 'campaign', stage: 'attendance', assigneeId: ME });
    const theirs = conversation({ origin: 'campaign', stage: 'attendance', assigneeId: OTHER });
    const inbound = conversation({ origin: 'inbound' });
    const campaigns = ctx({ tab: 'campaigns' });
    expect(matchesList(waiting, campaigns)).toBe(true);
    expect(matchesList(mine, campaigns)).toBe(true);
    expect(matchesList(theirs, campaigns)).toBe(false);
    expect(matchesList(theirs, ctx({ tab: 'campaigns', manager: true }))).toBe(true);
    expect(matchesList(inbound, campaigns)).toBe(false);
    expect(matchesList(waiting, ctx({ tab: 'waiting' }))).toBe(false);
    expect(matchesList(mine, ctx({ tab: 'attendance' }))).toBe(false);
    expect(matchesList({ ...mine, stage: 'closed' }, campaigns)).toBe(false);
    expect(matchesList({ ...mine, stage: 'closed' }, ctx({ tab: 'closed' }))).toBe(true);
    // The operator filter narrows the attendance part only (as the server's two reads do).
    const byOther = ctx({ tab: 'campaigns', manager: true, filters: { ...EMPTY_FILTERS, operator: OTHER } });
    expect(matchesList(waiting, byOther)).toBe(true);
    expect(matchesList(theirs, byOther)).toBe(true);
    expect(matchesList(mine, byOther)).toBe(false);
  });

  it('a campaign conversation taken from Campanhas stays there and counts; closed, it leaves', () => {
    const c = conversation({ origin: 'campaign', lastMessageAt: '2026-03-10T12:00:00.000Z' });
    const other = conversation({ origin: 'campaign', lastMessageAt: '2026-03-10T11:00:00.000Z' });
    const campaigns = ctx({ tab: 'campaigns' });
    const taken = { ...c, stage: 'attendance' as const, assigneeId: ME };
    const afterTake = applyConversationToList(list(c, other), taken, campaigns);
    expect(afterTake?.items.map((x) => x._id)).toEqual([c._id, other._id]);
    expect(afterTake?.count).toBe(2);
    // My attendance tab (no campaigns) is not touched.
    const attendance = list();
    expect(applyConversationToList(attendance, taken, ctx({ tab: 'attendance' }))).toBe(attendance);
    const closed = applyConversationToList(afterTake, { ...taken, stage: 'closed' }, campaigns);
    expect(closed?.items.map((x) => x._id)).toEqual([other._id]);
    expect(closed?.count).toBe(1);
    // A new campaign conversation enters Campanhas, not Waiting.
    const fresh = conversation({ origin: 'campaign', lastMessageAt: '2026-03-10T13:00:00.000Z' });
    expect(applyConversationToList(closed, fresh, campaigns)?.items[0]._id).toBe(fresh._id);
    const waitingList = list();
    expect(applyConversationToList(waitingList, fresh, ctx())).toBe(waitingList);
  });

  it('closed conversations go to the closed list', () => {
    const c = conversation({ stage: 'attendance', assigneeId: ME });
    const closed = { ...c, stage: 'closed' as const, closeReason: 'Dúvida resolvida' };
    expect(applyConversationToList(list(c), closed, ctx({ tab: 'attendance' }))?.items).toEqual([]);
    expect(applyConversationToList(list(), closed, ctx({ tab: 'closed' }))?.items[0].closeReason).toBe(
      'Dúvida resolvida',
    );
  });
});

describe('conversation events', () => {
  it('an event brings the conversation as listed, contact included', () => {
    const current = conversation({ unreadCount: 0, updatedAt: '2026-03-10T12:00:00.000Z' });
    const incoming = {
      ...current,
      unreadCount: 3,
      contact: { ...current.contact, name: 'Carla Nova' },
      updatedAt: '2026-03-10T12:01:00.000Z',
    };
    expect(mergeConversation(current, incoming)).toBe(incoming);
    expect(mergeConversation(undefined, incoming)).toBe(incoming);
  });

  it('an event older than what is shown is ignored', () => {
    const current = conversation({ updatedAt: '2026-03-10T12:00:00.000Z', stage: 'closed' });
    expect(
      mergeConversation(current, { ...current, stage: 'attendance', updatedAt: '2026-03-10T11:00:00.000Z' })
        ?.stage,
    ).toBe('closed');
  });

  it('the catch-up starts from the newest change cached', () => {
    expect(newestUpdate([])).toBeNull();
    expect(
      newestUpdate([
        conversation({ updatedAt: '2026-03-10T12:00:00.000Z', lastMessageAt: '2026-03-10T12:00:00.000Z' }),
        conversation({ updatedAt: '2026-03-10T12:07:00.000Z', lastMessageAt: '2026-03-10T12:01:00.000Z' }),
      ]),
    ).toBe('2026-03-10T12:07:00.000Z');
  });
});
