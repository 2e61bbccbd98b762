// Raw keys and codes on screen: every word a user reads goes through i18n (issue 12, item 7). A page
// that shows `inbox:close.title`, `conversation.closed` or `INACTIVITY` fails the spec that shoots it.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** The web app's i18n namespaces (its locale files): `<namespace>:<key>` on screen is a missing text. */
export const NAMESPACES: string[] = (() => {
  try {
    const dir = resolve(import.meta.dirname, '../../apps/web/src/locales/en');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length));
  } catch {
    return [];
  }
})();

/** File extensions and domain endings: `contatos.csv` and `loja.com.br` are words, not codes. */
const ENDINGS = new Set(
  'com br net org app io dev local localhost test example csv xlsx xls json png jpg jpeg gif webp svg pdf txt doc docx mp3 mp4 ogg opus js html'.split(
    ' ',
  ),
);
/** Capitals a user is asked to type or that are proper names, not codes. */
const CAPITALS_OK = new Set(['DELETE', 'EXCLUIR']);

const SCREAMING_SNAKE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
const LONG_CAPITALS = /\b[A-Z]{6,}\b/g;
// snake.case.code and i18n-like keys: lower-case segments joined by dots, not part of an address,
// an e-mail or a file name.
const DOTTED =
  /(?<![\w@/.:-])[a-z][a-z0-9]+(?:_[a-z0-9]+)*(?:\.[a-z][a-zA-Z0-9]+(?:_[a-z0-9]+)*)+(?![\w@/-]|\.[a-zA-Z])/g;

/** The raw keys and codes in a text (empty when every word is a word). */
export function findRawCodes(text: string, namespaces: string[] = NAMESPACES): string[] {
  const found = new Set<string>();
  if (namespaces.length) {
    const keyed = new RegExp(`(?<![\\w/.-])(?:${namespaces.join('|')}):[a-zA-Z][\\w.-]*`, 'g');
    for (const m of text.matchAll(keyed)) found.add(m[0]);
  }
  for (const m of text.matchAll(SCREAMING_SNAKE)) found.add(m[0]);
  for (const m of text.matchAll(LONG_CAPITALS)) if (!CAPITALS_OK.has(m[0])) found.add(m[0]);
  for (const m of text.matchAll(DOTTED)) {
    const last = m[0].split('.').pop() ?? '';
    if (!ENDINGS.has(last.toLowerCase())) found.add(m[0]);
  }
  return [...found];
}

/**
 * The words a user reads on the page: visible text as written (before CSS upper-casing), field
 * values, placeholders and the labels of icon buttons.
 */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document;
    const out: string[] = [];
    const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      if (parent.checkVisibility && !parent.checkVisibility()) continue;
      const text = node.nodeValue?.trim();
      if (text) out.push(text);
    }
    for (const el of doc.querySelectorAll('input, textarea, [aria-label], [title]')) {
      if (el.checkVisibility && !el.checkVisibility()) continue;
      for (const value of [
        el.getAttribute('aria-label'),
        el.getAttribute('title'),
        el.getAttribute('placeholder'),
      ])
        if (value) out.push(value);
      if (
        (el.tagName === 'INPUT' && ['text', 'search', ''].includes(el.type ?? '')) ||
        el.tagName === 'TEXTAREA'
      )
        if (el.readOnly || el.getAttribute('aria-haspopup') === 'listbox') out.push(el.value);
    }
    return out.join('\n');
  });
}

/** Throws when the page shows a raw key or code, naming them and the page. */
export async function expectNoRawCodes(page: Page, name: string): Promise<void> {
  const codes = findRawCodes(await visibleText(page));
  if (codes.length) throw new Error(`${name}: raw keys or codes on screen: ${codes.join(', ')}`);
}
