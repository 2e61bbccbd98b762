import pg from 'pg';

/**
 * A parameterized statement's text with its `$n` written in as literals (pg's escaping), for a
 * statement that travels in a simple query with others (a simple query takes no parameters).
 * Only `$n` outside quoted text, quoted names, comments and dollar-quoted bodies is replaced.
 * Null when a value is not text, a number, a boolean or null: the caller sends it as it is.
 */
export function inlineParams(text: string, values: readonly unknown[] = []): string | null {
  const literals: string[] = [];
  for (const value of values) {
    const literal = literalOf(value);
    if (literal === null) return null;
    literals.push(literal);
  }
  let out = '';
  let i = 0;
  while (i < text.length) {
    const skipped = skipQuoted(text, i);
    if (skipped > i) {
      out += text.slice(i, skipped);
      i = skipped;
      continue;
    }
    const param = /^\$(\d+)/.exec(text.slice(i, i + 12));
    if (param && !/[\w$]/.test(text[i - 1] ?? '')) {
      const literal = literals[Number(param[1]) - 1];
      if (literal === undefined) return null;
      out += literal;
      i += param[0].length;
      continue;
    }
    out += text[i];
    i += 1;
  }
  return out;
}

function literalOf(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return null;
}

/** Where the quoted text, quoted name, comment or dollar-quoted body starting at `i` ends (i: none). */
function skipQuoted(text: string, i: number): number {
  const c = text[i];
  if (c === "'" || c === '"') {
    let j = i + 1;
    while (j < text.length) {
      if (text[j] === c) {
        if (text[j + 1] === c) j += 2;
        else return j + 1;
      } else j += 1;
    }
    return text.length;
  }
  if (c === '-' && text[i + 1] === '-') {
    const end = text.indexOf('\n', i);
    return end === -1 ? text.length : end;
  }
  if (c === '/' && text[i + 1] === '*') {
    const end = text.indexOf('*/', i + 2);
    return end === -1 ? text.length : end + 2;
  }
  if (c === '$' && !/[\w$]/.test(text[i - 1] ?? '')) {
    const tag = /^\$([A-Za-z_][\w]*)?\$/.exec(text.slice(i, i + 64));
    if (tag) {
      const end = text.indexOf(tag[0], i + tag[0].length);
      return end === -1 ? text.length : end + tag[0].length;
    }
  }
  return i;
}
