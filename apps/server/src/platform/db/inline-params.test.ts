import { describe, expect, it } from 'vitest';
import { inlineParams } from './inline-params';

describe('inlineParams', () => {
  it('writes each $n in as a literal, quotes and backslashes escaped', () => {
    expect(inlineParams('select $1::text::json, $2, $3, $1', ['{"a":"it\'s"}', 42, null])).toBe(
      `select '{"a":"it''s"}'::text::json, 42, null, '{"a":"it''s"}'`,
    );
    expect(inlineParams('select $1', ['a\\b'])).toBe(`select  E'a\\\\b'`);
    expect(inlineParams('select $10, $1', [1, 2, 3, 4, 5, 6, 7, 8, 9, 'ten'])).toBe(`select 'ten', 1`);
  });

  it('leaves $n inside quoted text, quoted names, comments and dollar-quoted bodies alone', () => {
    const text = `select '$1', "col$1", $$ $1 $$, $tag$ $1 $tag$ -- $1\n, /* $1 */ $1, x$1`;
    expect(inlineParams(text, ['v'])).toBe(
      `select '$1', "col$1", $$ $1 $$, $tag$ $1 $tag$ -- $1\n, /* $1 */ 'v', x$1`,
    );
  });

  it('answers null for a value it cannot write as a literal, or a missing one', () => {
    expect(inlineParams('select $1', [new Date()])).toBeNull();
    expect(inlineParams('select $1', [{ a: 1 }])).toBeNull();
    expect(inlineParams('select $1', [Number.NaN])).toBeNull();
    expect(inlineParams('select $2', ['only one'])).toBeNull();
    expect(inlineParams('select $1')).toBeNull();
  });

  it('answers a statement without values as it is', () => {
    const text = `insert into t values ('{"a":"it''s"}'), ('$1')`;
    expect(inlineParams(text)).toBe(text);
    expect(inlineParams('select 1', [])).toBe('select 1');
  });
});
