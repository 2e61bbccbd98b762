import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';
import { getSession, loadAccount, resetSession, setSessionNavigator } from './session';
import { writeItem } from './storage';

vi.mock('./api-client', async (original) => {
  const real = await original<typeof import('./api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);
const notFound = (code: string, message: string) => new ApiError(404, code, message);

describe('a token whose user no longer exists (spec §4)', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    writeItem('accessToken', 'still-valid');
    resetSession({ token: 'still-valid', status: 'loading' });
    setSessionNavigator(navigate);
    mocked.post.mockResolvedValue({});
    mocked.delete.mockResolvedValue({});
  });

  it('logs out to /login instead of sending the user to /create-account', async () => {
    mocked.get.mockImplementation(async (path: string) => {
      if (path === '/g/acc/getFirstAcc') throw notFound('ACC_NOT_FOUND', 'Acc not found');
      if (path === '/g/user/me') throw notFound('USER_NOT_FOUND', 'User not found');
      throw new Error(`unexpected ${path}`);
    });
    await loadAccount();
    expect(getSession().status).toBe('anonymous');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/));
  });

  it('a user who exists but has no account goes on to create one', async () => {
    mocked.get.mockImplementation(async (path: string) => {
      if (path === '/g/acc/getFirstAcc') throw notFound('ACC_NOT_FOUND', 'Acc not found');
      if (path === '/g/user/me') return { _id: 'u1', name: 'Ana' };
      throw new Error(`unexpected ${path}`);
    });
    await loadAccount();
    expect(getSession().status).toBe('noAccount');
    expect(localStorage.getItem('accessToken')).toBe('still-valid');
  });
});
