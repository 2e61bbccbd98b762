import { useSyncExternalStore } from 'react';
import {
  LIMITS,
  isAccountBlocked,
  isRole,
  type TAccountDetails,
  type TAccountListItem,
  type TLoginResult,
  type TRole,
  type TUserData,
} from '@atende/shared';
import { ApiError, api, isAccFallbackMessage, resetLogoutLatch } from './api-client';
import { accountsApi } from '../features/accounts/accounts-api';
import { authApi } from '../features/auth/auth-api';
import { fetchInboxData } from '../features/inbox/data/inbox-load-api';
import { pushApi } from '../features/push/push-api';
import {
  clearStorageExceptDevice,
  readItem,
  readJson,
  readVersionCookie,
  writeItem,
  writeJson,
  writeVersionCookie,
  type TStoredUserInfo,
} from './storage';

export type TSessionStatus = 'anonymous' | 'loading' | 'ready' | 'noAccount' | 'error';

export interface TSessionState {
  token: string | null;
  user: TStoredUserInfo | null;
  account: TAccountDetails | null;
  accounts: TAccountListItem[];
  status: TSessionStatus;
  restrictedOperator: boolean;
  /** The account id last asked for through loadAccount (guards use it to stop switch loops). */
  requestedAcc: string | null;
}

function initialState(): TSessionState {
  const token = readItem('accessToken');
  return {
    token,
    user: readJson<TStoredUserInfo>('userInfo'),
    account: null,
    accounts: [],
    status: token ? 'loading' : 'anonymous',
    restrictedOperator: readItem('restrictOperator') === 'true',
    requestedAcc: null,
  };
}

let state: TSessionState = initialState();
const listeners = new Set<() => void>();

function setState(patch: Partial<TSessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getSession(): TSessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): TSessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The current account's id, or null before one is loaded. */
export const currentAcc = (s: TSessionState = state): string | null => s.account?.acc._id ?? null;

/** The current account's id, or null before one is loaded. */
export const useAccOrNull = (): string | null => currentAcc(useSession());

/**
 * The current account's id: the one way to read it in pages and components under the account
 * guard (which renders them only once an account is loaded).
 */
export const useAcc = (): string => useAccOrNull()!;

/** Test helper and logout: replace the whole state. */
export function resetSession(next: Partial<TSessionState> = {}): void {
  state = { ...initialState(), ...next };
  for (const listener of listeners) listener();
}

export function currentRole(s: TSessionState = state): TRole | null {
  const role = s.account?.userAccAccessAcl ?? s.user?.userRole;
  return isRole(role) ? role : null;
}

export function isBlocked(s: TSessionState = state): boolean {
  const details = s.account;
  if (!details) return false;
  return isAccountBlocked({
    locked: details.acc.locked || details.acc.blocked,
    isBonus: details.accPlan.isBonus,
    accIsPaying: details.acc.accIsPaying || details.accFinancial.isPaying,
    trialEndDate: details.accPlan.trialEndDate,
  });
}

export function toStoredUser(user: TUserData, role = ''): TStoredUserInfo {
  return {
    id: user.id ?? user._id,
    _id: user._id,
    displayName: user.displayName || user.name,
    name: user.name,
    email: user.email,
    phone: user.phone,
    about: user.about ?? '',
    profilePic: user.profilePic,
    status: user.status,
    userRole: role,
    lang: user.lang,
    gleapUserHash: '',
  };
}

export function updateStoredUser(user: TUserData): void {
  const stored = toStoredUser(user, state.user?.userRole ?? '');
  writeJson('userInfo', stored);
  setState({ user: stored });
}

/** Login success (spec §4): tokens, the logged-in flag and user info are stored. */
export function startSession(result: TLoginResult): void {
  if (!result.accessToken) return;
  resetLogoutLatch();
  writeItem('accessToken', result.accessToken);
  if (result.refreshToken) writeItem('refreshToken', result.refreshToken);
  writeItem('loggedIn', 'true');
  const user = toStoredUser(result.user);
  writeJson('userInfo', user);
  setState({ token: result.accessToken, user, status: 'loading', account: null });
}

function applyAccount(details: TAccountDetails): void {
  const id = details.acc._id ?? details.acc.id;
  writeItem('activeAcc', id);
  writeJson('activeAccInfo', { id, name: details.acc.name });
  writeItem('automationEnable', details.acc.automationEnable ? 'true' : null);
  const user = state.user ? { ...state.user, userRole: details.userAccAccessAcl } : null;
  if (user) writeJson('userInfo', user);
  if (readVersionCookie() !== (details.acc.versionNamespace || LIMITS.defaultVersionNamespace)) {
    writeVersionCookie(details.acc.versionNamespace || LIMITS.defaultVersionNamespace);
  }
  setState({ account: details, user, status: 'ready' });
}

async function loadRestriction(details: TAccountDetails): Promise<void> {
  if (details.userAccAccessAcl !== 'operator') {
    writeItem('restrictOperator', null);
    setState({ restrictedOperator: false });
    return;
  }
  try {
    const inbox: { restrictOperator?: boolean } = await fetchInboxData(details.acc._id);
    const restricted = inbox?.restrictOperator === true;
    writeItem('restrictOperator', restricted ? 'true' : null);
    setState({ restrictedOperator: restricted });
  } catch (error) {
    console.warn('inbox load failed', error);
  }
}

export async function loadAccountList(): Promise<TAccountListItem[]> {
  try {
    const items = await accountsApi.list();
    setState({ accounts: items });
    return items;
  } catch (error) {
    console.warn('account list failed', error);
    return state.accounts;
  }
}

async function fetchFirstAccountId(): Promise<string | null> {
  try {
    const first = await accountsApi.first();
    return first._id ?? first.id;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || isAccFallbackMessage(error.message)))
      return null;
    throw error;
  }
}

let loading: Promise<void> | null = null;

/** Spec §4: a valid token whose user record no longer exists logs out (not /create-account). */
async function userGone(): Promise<boolean> {
  try {
    await api.get('/g/user/me');
    return false;
  } catch (error) {
    return error instanceof ApiError && error.code === 'USER_NOT_FOUND';
  }
}

/**
 * Loads an account (the `acc` asked for, else the stored activeAcc, else the first account). On
 * 'Acc not found' / 'Invalid acc or user ID' it falls back to the user's first account; other
 * account errors are only logged (spec §8).
 */
export function loadAccount(preferred?: string | null): Promise<void> {
  const run = async () => {
    if (!readItem('accessToken')) {
      setState({ status: 'anonymous' });
      return;
    }
    setState({ status: 'loading', requestedAcc: preferred ?? state.requestedAcc });
    try {
      let id = preferred || readItem('activeAcc') || (await fetchFirstAccountId());
      if (!id) {
        if (await userGone()) return void (await logout(null));
        setState({ status: 'noAccount', account: null });
        return;
      }
      let details: TAccountDetails;
      try {
        details = await accountsApi.details(id);
      } catch (error) {
        if (!(error instanceof ApiError) || !isAccFallbackMessage(error.message)) throw error;
        id = await fetchFirstAccountId();
        if (!id) {
          if (await userGone()) return void (await logout(null));
          writeItem('activeAcc', null);
          setState({ status: 'noAccount', account: null });
          return;
        }
        details = await accountsApi.details(id);
      }
      applyAccount(details);
      void loadAccountList();
      void loadRestriction(details);
    } catch (error) {
      console.error('account load failed', error);
      if (readItem('accessToken')) setState({ status: 'error' });
    }
  };
  loading = (loading ?? Promise.resolve()).then(run, run);
  return loading;
}

/**
 * The user has no account left (their last one was deleted): forget the active account; the
 * sign-in page then sends them to /create-account.
 */
export function markNoAccount(): void {
  writeItem('activeAcc', null);
  writeItem('activeAccInfo', null);
  setState({ account: null, accounts: [], status: 'noAccount', requestedAcc: null });
}

/** Re-reads the active account (after plan, name or settings changes). */
export async function refreshAccount(): Promise<void> {
  const id = currentAcc();
  if (!id) return loadAccount();
  try {
    applyAccount(await accountsApi.details(id));
  } catch (error) {
    console.error('account refresh failed', error);
  }
}

/**
 * Account switch (spec §4): stores the active account and reloads the page (with `acc` in the
 * query) when the account's version namespace differs from the version cookie. Returns true when a
 * reload was started; otherwise the caller navigates with the new `acc` and the guard loads it.
 */
export function prepareAccountSwitch(
  item: Pick<TAccountListItem, '_id' | 'name' | 'versionNamespace'>,
): boolean {
  writeItem('activeAcc', item._id);
  writeJson('activeAccInfo', { id: item._id, name: item.name });
  const version = item.versionNamespace || LIMITS.defaultVersionNamespace;
  if (version === readVersionCookie()) return false;
  writeVersionCookie(version);
  const url = new URL(window.location.href);
  url.searchParams.set('acc', item._id);
  window.location.assign(url.toString());
  return true;
}

type TNavigate = (to: string) => void;
let navigateTo: TNavigate = (to) => window.location.assign(to);

export function setSessionNavigator(fn: TNavigate): void {
  navigateTo = fn;
}

/** The current in-app path (path + search) to come back to after signing in again. */
export function currentReturnPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search } = window.location;
  return `${pathname}${search}`;
}

export function loginPath(returnTo?: string | null): string {
  if (!returnTo || returnTo === '/' || returnTo.startsWith('/login') || returnTo.startsWith('/logout'))
    return '/login';
  return `/login?to=${encodeURIComponent(returnTo)}`;
}

let loggingOut = false;

/**
 * Logout (spec §4): removes the push token, ends the refresh-token family, clears local storage
 * except the device id and goes to login with a return path.
 */
export async function logout(returnTo: string | null = currentReturnPath()): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    const pushToken = readItem('firebaseToken');
    if (pushToken) {
      await pushApi.removeToken(pushToken).catch(() => undefined);
    }
    const refreshToken = readItem('refreshToken');
    if (refreshToken) await authApi.logout(refreshToken).catch(() => undefined);
  } finally {
    clearStorageExceptDevice();
    resetSession({ token: null, user: null, status: 'anonymous', restrictedOperator: false });
    for (const fn of logoutListeners) fn();
    loggingOut = false;
    navigateTo(loginPath(returnTo));
  }
}

const logoutListeners = new Set<() => void>();
export function onLogout(fn: () => void): () => void {
  logoutListeners.add(fn);
  return () => logoutListeners.delete(fn);
}

/** Credentials kept while the user verifies the e-mail code (spec §4), in memory only. */
let pendingCredentials: { email: string; password: string; remember: boolean } | null = null;

export function keepCredentials(value: typeof pendingCredentials): void {
  pendingCredentials = value;
}

export function takeCredentials(): typeof pendingCredentials {
  return pendingCredentials;
}
