import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtService } from './jwt';

const SECRET = 'unit-secret-unit-secret-unit-secret-0000';
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

afterEach(() => vi.useRealTimers());

describe('JwtService.verify', () => {
  it('answers the subject of a valid token, again on its next use', async () => {
    const jwt = new JwtService(SECRET);
    const token = await jwt.sign('user-1');
    expect(await jwt.verify(token)).toEqual({ sub: 'user-1' });
    expect(await jwt.verify(token)).toEqual({ sub: 'user-1' });
  });

  it('a token verified once is refused as expired once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    const jwt = new JwtService(SECRET);
    const token = await jwt.sign('user-1', 60);
    expect(await jwt.verify(token)).toEqual({ sub: 'user-1' });
    vi.setSystemTime(new Date('2026-11-28T10:01:00Z'));
    expect(await codeOf(jwt.verify(token))).toBe('JWT_EXPIRED');
    expect(await codeOf(jwt.verify(token))).toBe('JWT_EXPIRED');
  });

  it('a verified token with one character changed is checked again and refused', async () => {
    const jwt = new JwtService(SECRET);
    const token = await jwt.sign('user-1');
    await jwt.verify(token);
    // A character inside the signature (the last one carries padding bits).
    const at = token.length - 10;
    const other = token[at] === 'A' ? 'B' : 'A';
    const forged = `${token.slice(0, at)}${other}${token.slice(at + 1)}`;
    expect(await codeOf(jwt.verify(forged))).toBe('JWT_INVALID_SIGNATURE');
  });

  it('a token signed with another secret is refused even after a valid one was verified', async () => {
    const ours = new JwtService(SECRET);
    const theirs = new JwtService('another-secret-another-secret-another-00');
    await ours.verify(await ours.sign('user-1'));
    expect(await codeOf(ours.verify(await theirs.sign('user-1')))).toBe('JWT_INVALID_SIGNATURE');
  });

  it('malformed and missing tokens keep their codes', async () => {
    const jwt = new JwtService(SECRET);
    expect(await codeOf(jwt.verify(undefined))).toBe('JWT_INVALID');
    expect(await codeOf(jwt.verify('abc.def'))).toBe('JWT_MALFORMED');
  });
});
