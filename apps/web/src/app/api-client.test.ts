import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/setup';
import { api, configureApi, FRONT_VERSION, resetLogoutLatch } from './api-client';

describe('api client', () => {
  const onLogout = vi.fn();
  const reload = vi.fn();
  beforeEach(() => {
    onLogout.mockReset();
    reload.mockReset();
    resetLogoutLatch();
    window.sessionStorage.clear();
    configureApi({ onLogout, reload, getLang: () => 'pt-BR' });
  });
  afterEach(() => vi.restoreAllMocks());

  it('reloads once with cc=1 on frontVersionConflict', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(200, { status: 1, data: 1, frontVersionConflict: true }),
    );
    await api.get('/g/acc/list');
    await api.get('/g/acc/list');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(new URL(reload.mock.calls[0][0]).searchParams.get('cc')).toBe('1');
  });

  it('logs out once for the JWT messages, however many calls fail', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(401, { status: 0, code: 'JWT_INVALID_SIGNATURE', message: 'invalid signature' }),
    );
    await Promise.allSettled([api.get('/g/acc/list'), api.get('/g/user/me'), api.get('/g/acc/x')]);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('renews the access token on jwt expired and retries the call', async () => {
    window.localStorage.setItem('accessToken', 'old');
    window.localStorage.setItem('refreshToken', 'r1');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (url === '/g/auth/refresh-token')
        return jsonResponse(200, { status: 1, data: { accessToken: 'new', refreshToken: 'r2' } });
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
      return auth === 'Bearer new'
        ? jsonResponse(200, { status: 1, data: { ok: true } })
        : jsonResponse(401, { status: 0, code: 'JWT_EXPIRED', message: 'jwt expired' });
    });
    expect(await api.get('/g/user/me')).toEqual({ ok: true });
    expect(window.localStorage.getItem('refreshToken')).toBe('r2');
    expect(onLogout).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('sends Front-Version and Accept-Language, and times out', async () => {
    vi.useFakeTimers();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const call = api.get('/g/acc/list').catch((e) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(((await call) as { code: string }).code).toBe('REQUEST_TIMEOUT');
    const headers = fetch.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers['Front-Version']).toBe(FRONT_VERSION);
    expect(headers['Accept-Language']).toBe('pt-BR');
    vi.useRealTimers();
  });
});
