import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('a-server-secret-of-at-least-32-chars!!');

  it('seals so the stored text does not contain the secret, and opens it back', () => {
    const sealed = box.seal('app-token-123');
    expect(sealed).not.toContain('app-token-123');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toBe('app-token-123');
    expect(box.openJson(box.sealJson({ a: '1' }))).toEqual({ a: '1' });
    expect(box.sealJson({})).toBe('');
  });

  it('refuses text sealed under another server secret or tampered with', () => {
    const other = new SecretBox('another-server-secret-of-32-chars!!!!!');
    expect(() => other.open(box.seal('x'))).toThrow();
    const sealed = box.seal('hello');
    expect(() => box.open(`${sealed.slice(0, -2)}AA`)).toThrow();
  });
});
