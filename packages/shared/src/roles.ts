/** Role ladder, highest first. A higher role holds every right of the lower ones (DESIGN.md §9). */
export const ROLES = ['master', 'admin', 'manager', 'operator'] as const;
export type TRole = (typeof ROLES)[number];

const RANK: Record<TRole, number> = { master: 4, admin: 3, manager: 2, operator: 1 };

export function isRole(value: unknown): value is TRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `role` is at least `minimum` on the ladder. */
export function hasRole(role: TRole | null | undefined, minimum: TRole): boolean {
  if (!role) return false;
  return RANK[role] >= RANK[minimum];
}

export function roleRank(role: TRole): number {
  return RANK[role];
}
