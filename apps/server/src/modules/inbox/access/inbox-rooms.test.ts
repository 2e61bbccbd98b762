import { describe, expect, it } from 'vitest';
import { canSee, inboxRooms, memberRooms, roomsFor } from './inbox-rooms';

const acc = 'acc-1';
const open = { hideWaitingTab: false, operatorsRestricted: false };

describe('inbox rooms', () => {
  it('members join by role and departments', () => {
    expect(memberRooms(acc, 'm', 'manager', ['vendas'])).toEqual([
      inboxRooms.user(acc, 'm'),
      inboxRooms.managers(acc),
    ]);
    expect(memberRooms(acc, 'o', 'operator', [])).toEqual([
      inboxRooms.user(acc, 'o'),
      inboxRooms.operators(acc),
    ]);
    expect(memberRooms(acc, 'd', 'operator', ['vendas', 'suporte'])).toEqual([
      inboxRooms.user(acc, 'd'),
      inboxRooms.departmentOperators(acc),
      inboxRooms.department(acc, 'vendas'),
      inboxRooms.department(acc, 'suporte'),
    ]);
  });

  it('a waiting conversation reaches the operators of its department; an assigned one only its assignee', () => {
    const waiting = { stage: 'waiting', assigneeId: null, departmentId: 'vendas' };
    expect(roomsFor(acc, waiting, open, false)).toEqual([
      inboxRooms.managers(acc),
      inboxRooms.operators(acc),
      inboxRooms.department(acc, 'vendas'),
    ]);
    expect(roomsFor(acc, { ...waiting, departmentId: null }, open, false)).toContain(
      inboxRooms.departmentOperators(acc),
    );
    const taken = { stage: 'attendance', assigneeId: 'o', departmentId: 'vendas' };
    expect(roomsFor(acc, taken, open, false)).toEqual([inboxRooms.managers(acc), inboxRooms.user(acc, 'o')]);
  });

  it('hidden waiting tab and restricted hours keep operators out; managers always see', () => {
    const waiting = { stage: 'waiting', assigneeId: null, departmentId: null };
    expect(roomsFor(acc, waiting, { ...open, hideWaitingTab: true }, false)).toEqual([
      inboxRooms.managers(acc),
    ]);
    const taken = { stage: 'attendance', assigneeId: 'o', departmentId: null };
    expect(roomsFor(acc, taken, { ...open, operatorsRestricted: true }, true)).toEqual([
      inboxRooms.managers(acc),
    ]);
    expect(roomsFor(acc, taken, { ...open, operatorsRestricted: true }, false)).toContain(
      inboxRooms.user(acc, 'o'),
    );
  });

  it('canSee follows the same rule for HTTP reads', () => {
    const op = { userId: 'o', role: 'operator' as const, intentions: ['vendas'] };
    expect(canSee(op, { stage: 'waiting', assigneeId: null, departmentId: 'vendas' }, open)).toBe(true);
    expect(canSee(op, { stage: 'waiting', assigneeId: null, departmentId: 'suporte' }, open)).toBe(false);
    expect(canSee(op, { stage: 'attendance', assigneeId: 'x', departmentId: 'vendas' }, open)).toBe(false);
    expect(canSee(op, { stage: 'closed', assigneeId: null, departmentId: null, closedBy: 'o' }, open)).toBe(
      true,
    );
    expect(
      canSee(
        op,
        { stage: 'attendance', assigneeId: 'o', departmentId: null },
        { ...open, operatorsRestricted: true },
      ),
    ).toBe(false);
    const manager = { userId: 'm', role: 'manager' as const, intentions: [] };
    expect(
      canSee(
        manager,
        { stage: 'attendance', assigneeId: 'x', departmentId: 'y' },
        { ...open, operatorsRestricted: true },
      ),
    ).toBe(true);
  });
});
