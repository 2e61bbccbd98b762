import { describe, expect, it } from 'vitest';
import { redactTokens } from './log-redaction';

describe('request log redaction', () => {
  it('never logs the access token carried by file links', () => {
    expect(redactTokens('/p/team-chat/redirFile/r/a.pdf?messageIndex=1&token=eyJabc.def&fileIndex=0')).toBe(
      '/p/team-chat/redirFile/r/a.pdf?messageIndex=1&token=[redacted]&fileIndex=0',
    );
    expect(redactTokens('/x?TOKEN=abc')).toBe('/x?TOKEN=[redacted]');
    expect(redactTokens('/g/acc/list')).toBe('/g/acc/list');
  });
});
