import { beforeEach, describe, expect, it } from 'vitest';
import { clearStorageExceptDevice } from '../storage';
import { navItemOf, resetStarredCache, STARRED_MAX, toggleStar } from './starred';

const USER = 'u-1';
const stored = () => JSON.parse(localStorage.getItem(`starredPages:${USER}`) ?? '[]');

describe('starred pages (spec §9)', () => {
  beforeEach(() => {
    localStorage.clear();
    resetStarredCache();
  });

  it('stars and unstars a page, at most 10, kept per user across sign-outs', () => {
    expect(toggleStar(USER, 'inbox')).toBe('starred');
    expect(toggleStar(USER, 'contacts')).toBe('starred');
    expect(stored()).toEqual(['inbox', 'contacts']);
    expect(toggleStar(USER, 'inbox')).toBe('unstarred');
    expect(stored()).toEqual(['contacts']);
    for (let i = 0; i < STARRED_MAX - 1; i++) expect(toggleStar(USER, `page-${i}`)).toBe('starred');
    expect(toggleStar(USER, 'settings')).toBe('limit');
    expect(stored()).toHaveLength(10);
    localStorage.setItem('accessToken', 't');
    clearStorageExceptDevice();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(stored()).toHaveLength(10);
  });

  it('finds the sidebar entry of a path, the most specific one', () => {
    expect(navItemOf('/acc/users')?.route).toBe('acc-users');
    expect(navItemOf('/acc')?.route).toBe('acc');
    expect(navItemOf('/settings')?.route).toBe('settings');
    expect(navItemOf('/nowhere')).toBeUndefined();
  });
});
