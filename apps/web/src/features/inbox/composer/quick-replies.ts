import type { TQuickMessage } from '@atende/shared';

/**
 * The quick-message query being typed: a '/' at the start of the text or after a space, up to the
 * caret, without spaces ('/' alone lists them all). null when the caret is not in such a word.
 */
export function quickQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const slash = before.lastIndexOf('/');
  if (slash < 0) return null;
  if (slash > 0 && !/\s/.test(before[slash - 1])) return null;
  const query = before.slice(slash + 1);
  if (/\s/.test(query)) return null;
  return { start: slash, query };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Shortcuts that start with the query first, then those whose shortcut or text contains it. */
export function filterQuickMessages(
  list: readonly TQuickMessage[],
  query: string,
  max = 50,
): TQuickMessage[] {
  const q = fold(query);
  if (!q) return [...list].sort((a, b) => a.shortcut.localeCompare(b.shortcut)).slice(0, max);
  const starts: TQuickMessage[] = [];
  const contains: TQuickMessage[] = [];
  for (const m of list) {
    const shortcut = fold(m.shortcut);
    if (shortcut.startsWith(q)) starts.push(m);
    else if (shortcut.includes(q) || fold(m.text).includes(q)) contains.push(m);
  }
  starts.sort((a, b) => a.shortcut.localeCompare(b.shortcut));
  return [...starts, ...contains].slice(0, max);
}

/** The text with the '/query' replaced by the quick message's rendered text; the new caret position. */
export function insertQuick(text: string, at: { start: number; end: number }, rendered: string) {
  const next = text.slice(0, at.start) + rendered + text.slice(at.end);
  return { text: next, caret: at.start + rendered.length };
}
