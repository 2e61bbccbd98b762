import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Issue "Performance": the sign-in route loads at most this much JavaScript (gzip, kB), measured as
 * bench/web-bundle.mjs measures `login_initial_js_gzip_kb`: the entry chunk and its static imports
 * plus the login page's chunk and its static imports.
 */
export const LOGIN_JS_BUDGET_KB = 150;

/** The login page's module, relative to apps/web. */
export const LOGIN_PAGE_SRC = 'src/features/auth/login-page.tsx';

export interface TBudgetChunk {
  fileName: string;
  code: string;
  imports: readonly string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

/** gzip kB (level 9, as the bench) of the JavaScript the login route loads first. */
export function loginInitialJsKb(chunks: readonly TBudgetChunk[]): { kb: number; files: string[] } {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk || seen.has(file)) return;
    seen.add(file);
    for (const dep of chunk.imports) visit(dep);
  };
  const entry = chunks.find((c) => c.isEntry);
  const login = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${LOGIN_PAGE_SRC}`));
  if (!entry || !login) throw new Error('login budget: entry or login page chunk not found');
  visit(entry.fileName);
  visit(login.fileName);
  const files = [...seen].filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, f) => sum + gzipSync(byFile.get(f)!.code, { level: 9 }).length, 0);
  return { kb: Math.round((bytes / 1024) * 10) / 10, files };
}

/** Build step: fails the production build when the login route's JavaScript grows past the budget. */
export function loginBudget(limitKb = LOGIN_JS_BUDGET_KB): Plugin {
  return {
    name: 'atende-login-budget',
    apply: 'build',
    enforce: 'post',
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const { kb, files } = loginInitialJsKb(chunks);
      if (kb > limitKb) {
        this.error(
          `login route loads ${kb} kB of JavaScript (gzip) in ${files.length} files, over its ${limitKb} kB budget ` +
            '(scripts/login-budget.ts): keep what only signed-in pages use out of the entry and the login page.',
        );
      }
      this.info?.(`login route JavaScript: ${kb} kB gzip of ${limitKb} kB (${files.length} files)`);
    },
  };
}
