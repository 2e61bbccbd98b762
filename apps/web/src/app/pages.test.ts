import { ROUTES } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages';

describe('pages', () => {
  it('every route of spec §2 that is not a redirect has its own page (no placeholder frame)', () => {
    const missing = ROUTES.filter((r) => !r.redirect && !PAGES[r.name]).map((r) => `${r.name} ${r.path}`);
    expect(missing).toEqual([]);
  });
});
