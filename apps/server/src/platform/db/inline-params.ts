import pg from 'pg';

/**
 * A parameterized statement's text with its `$n` written in as literals (pg's escaping), for a
 * statement that travels in a simple query with others (a simple query takes no parameters).
 * Only `$n` outside quoted text, quoted names, comments and dollar-quoted bodies is replaced.
 * Null when a value is not text, a number, a boolean or null: the caller sends it as it is.
 */
export function inlineParams(text: string, values: readonly unknown[] = []): string | null {
  // Nothing to write in (a statement inlined already, its bodies kilobytes of quoted text).
  if (values.length === 0 && !text.includes('$')) return text;
  const literals: string[] = [];
  for (const value of values) {
    const literal = literalOf(value);
    if (literal === null) return null;
    literals.push(literal);
  }
  // Copies the text between the places that matter (quotes, comments, `$`) in whole slices: the
  // statement is a pg-boss insert of a few kilobytes, written on every transaction with jobs.
  let out = '';
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 36 /* $ */ && c !== 39 /* ' */ && c !== 34 /* " */ && c !== 45 /* - */ && c !== 47 /* / */) {
      i += 1;
      continue;
    }
    const skipped = skipQuoted(text, i);
    if (skipped > i) {
      i = skipped;
      continue;
    }
    const param =
      c === 36 && !/[\w$]/.test(text[i - 1] ?? '') ? /^\$(\d+)/.exec(text.slice(i, i + 12)) : null;
    if (!param) {
      i += 1;
      continue;
    }
    const literal = literals[Number(param[1]) - 1];
    if (literal === undefined) return null;
    out += text.slice(from, i) + literal;
    i += param[0].length;
    from = i;
  }
  return out + text.slice(from);
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
