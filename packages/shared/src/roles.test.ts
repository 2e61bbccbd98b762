import { describe, expect, it } from 'vitest';
import { hasRole, isRole, ROLES, roleRank, type TRole } from './roles';

describe('role ladder', () => {
  const expected: Record<TRole, TRole[]> = {
    master: ['master', 'admin', 'manager', 'operator'],
    admin: ['admin', 'manager', 'operator'],
    manager: ['manager', 'operator'],
    operator: ['operator'],
  };

  it('orders master > admin > manager > operator', () => {
    expect(ROLES).toEqual(['master', 'admin', 'manager', 'operator']);
    expect(roleRank('master')).toBeGreaterThan(roleRank('admin'));
    expect(roleRank('admin')).toBeGreaterThan(roleRank('manager'));
    expect(roleRank('manager')).toBeGreaterThan(roleRank('operator'));
  });

  it.each(ROLES)('%s holds exactly its own rights and every lower role’s', (role) => {
    for (const minimum of ROLES) {
      expect(hasRole(role, minimum), `${role} vs ${minimum}`).toBe(expected[role].includes(minimum));
    }
  });

  it('grants nothing without a role', () => {
    for (const minimum of ROLES) {
      expect(hasRole(null, minimum)).toBe(false);
      expect(hasRole(undefined, minimum)).toBe(false);
    }
  });

  it('recognises only the four roles', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    for (const value of ['public', 'Master', '', 'owner', null, 1, undefined, {}])
      expect(isRole(value)).toBe(false);
  });
});
