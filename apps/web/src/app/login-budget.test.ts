import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  LOGIN_JS_BUDGET_KB,
  loginBudget,
  loginInitialJsKb,
  type TBudgetChunk,
} from '../../scripts/login-budget';

const kbOf = (code: string) => gzipSync(code, { level: 9 }).length / 1024;
const code = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i}=${i * 7919};`).join('\n');

function chunk(fileName: string, imports: string[], extra: Partial<TBudgetChunk> = {}): TBudgetChunk {
  return {
    fileName,
    code: code(fileName.length * 40),
    imports,
    isEntry: false,
    facadeModuleId: null,
    ...extra,
  };
}

const chunks = [
  chunk('assets/index.js', ['assets/react.js'], { isEntry: true, facadeModuleId: '/app/index.html' }),
  chunk('assets/react.js', []),
  chunk('assets/login-page.js', ['assets/form-kit.js', 'assets/react.js'], {
    facadeModuleId: '/work/apps/web/src/features/auth/login-page.tsx',
  }),
  chunk('assets/form-kit.js', []),
  chunk('assets/inbox-page.js', ['assets/react.js'], {
    facadeModuleId: '/work/apps/web/src/features/inbox/inbox-page.tsx',
  }),
];

describe('login route JavaScript budget (scripts/login-budget.ts, checked by every build)', () => {
  it('is 150 kB gzip', () => expect(LOGIN_JS_BUDGET_KB).toBe(150));

  it('counts the entry and the login page with their static imports, each file once, nothing else', () => {
    const { kb, files } = loginInitialJsKb(chunks);
    expect(files.sort()).toEqual([
      'assets/form-kit.js',
      'assets/index.js',
      'assets/login-page.js',
      'assets/react.js',
    ]);
    const expected = files.reduce((sum, f) => sum + kbOf(chunks.find((c) => c.fileName === f)!.code), 0);
    expect(kb).toBeCloseTo(expected, 1);
  });

  it('fails the build past the budget and passes under it', () => {
    const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, { type: 'chunk', ...c }]));
    const run = (limitKb: number) => {
      const errors: string[] = [];
      const plugin = loginBudget(limitKb);
      const hook = plugin.writeBundle as (this: unknown, options: unknown, bundle: unknown) => void;
      hook.call({ error: (m: string) => errors.push(m), info: () => undefined }, {}, bundle);
      return errors;
    };
    expect(run(0.01)).toEqual([expect.stringContaining('over its 0.01 kB budget')]);
    expect(run(LOGIN_JS_BUDGET_KB)).toEqual([]);
  });
});
