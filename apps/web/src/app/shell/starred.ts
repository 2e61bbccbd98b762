import { useSyncExternalStore } from 'react';
import { findRouteByName } from '@atende/shared';
import { NAV_ADMIN, NAV_MAIN, type TNavItem } from './nav';

/** Spec §9: starred pages list limited to 10. */
export const STARRED_MAX = 10;
/** Per user, kept across sign-outs (storage.ts keeps keys with this prefix). */
export const STARRED_PREFIX = 'starredPages:';

const listeners = new Set<() => void>();
const keyOf = (userId: string) => `${STARRED_PREFIX}${userId}`;
const cache = new Map<string, string[]>();

function read(userId: string): string[] {
  const hit = cache.get(userId);
  if (hit) return hit;
  let list: string[] = [];
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(keyOf(userId)) ?? '[]');
    if (Array.isArray(raw))
      list = raw.filter((r): r is string => typeof r === 'string').slice(0, STARRED_MAX);
  } catch {
    list = [];
  }
  cache.set(userId, list);
  return list;
}

function write(userId: string, list: string[]) {
  cache.set(userId, list);
  try {
    globalThis.localStorage?.setItem(keyOf(userId), JSON.stringify(list));
  } catch {
    // storage full or blocked: the list stays for this session
  }
  for (const fn of listeners) fn();
}

/** Stars or unstars a page (a sidebar entry's route name); 'limit' when 10 are starred already. */
export function toggleStar(userId: string, route: string): 'starred' | 'unstarred' | 'limit' {
  const list = read(userId);
  if (list.includes(route)) {
    write(
      userId,
      list.filter((r) => r !== route),
    );
    return 'unstarred';
  }
  if (list.length >= STARRED_MAX) return 'limit';
  write(userId, [...list, route]);
  return 'starred';
}

/** The user's starred route names, in the order they were starred. */
export function useStarred(userId: string | undefined): string[] {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => (userId ? read(userId) : EMPTY),
  );
}
const EMPTY: string[] = [];

/** The sidebar entry a path belongs to (the most specific one), or undefined. */
export function navItemOf(pathname: string): TNavItem | undefined {
  let best: { item: TNavItem; length: number } | undefined;
  for (const item of [...NAV_MAIN, ...NAV_ADMIN]) {
    const path = findRouteByName(item.route)?.path;
    if (!path || path === '/') continue;
    if ((pathname === path || pathname.startsWith(`${path}/`)) && path.length > (best?.length ?? 0))
      best = { item, length: path.length };
  }
  return best?.item;
}

/** Test support: forget the cached lists. */
export function resetStarredCache() {
  cache.clear();
}
