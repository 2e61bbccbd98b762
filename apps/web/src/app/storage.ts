import { LIMITS } from '@atende/shared';

/** Browser storage keys of spec §3 (plus the refresh token, the logged-in flag and the UI language). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  loggedIn: 'loggedIn',
  deviceID: 'deviceID',
  firebaseToken: 'firebaseToken',
  userInfo: 'userInfo',
  activeAccInfo: 'activeAccInfo',
  activeAcc: 'activeAcc',
  automationEnable: 'automationEnable',
  restrictOperator: 'restrictOperator',
  lang: 'lang',
  navbarOpened: 'navbarOpened',
} as const;

export type TStorageKey = keyof typeof STORAGE_KEYS;

export interface TStoredUserInfo {
  id: string;
  _id: string;
  displayName: string;
  name: string;
  email: string;
  phone: string | null;
  about: string;
  profilePic: string | null;
  status: string;
  userRole: string;
  lang: string;
  gleapUserHash: string;
}

export interface TActiveAccInfo {
  id: string;
  name: string;
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: TStorageKey): string | null {
  return safeStorage()?.getItem(STORAGE_KEYS[key]) ?? null;
}

export function writeItem(key: TStorageKey, value: string | null): void {
  const storage = safeStorage();
  if (!storage) return;
  if (value === null) storage.removeItem(STORAGE_KEYS[key]);
  else storage.setItem(STORAGE_KEYS[key], value);
}

export function readJson<T>(key: TStorageKey): T | null {
  const raw = readItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: TStorageKey, value: unknown): void {
  writeItem(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/** Logout rule of spec §4: clear local storage except the device id (and the chosen UI language). */
export function clearStorageExceptDevice(): void {
  const storage = safeStorage();
  if (!storage) return;
  const keep: Array<[string, string | null]> = [
    [STORAGE_KEYS.deviceID, storage.getItem(STORAGE_KEYS.deviceID)],
    [STORAGE_KEYS.lang, storage.getItem(STORAGE_KEYS.lang)],
  ];
  // Starred pages are the user's own (issue 13): kept across sign-outs.
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith('starredPages:')) keep.push([key, storage.getItem(key)]);
  }
  storage.clear();
  for (const [key, value] of keep) if (value !== null) storage.setItem(key, value);
}

/** A stable id for this browser (spec §3 deviceID), created once. */
export function ensureDeviceId(): string {
  const existing = readItem('deviceID');
  if (existing) return existing;
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now());
  writeItem('deviceID', id);
  return id;
}

const VERSION_COOKIE = 'version';

/** The account version namespace cookie (spec §9: default v1). */
export function readVersionCookie(): string {
  if (typeof document === 'undefined') return LIMITS.defaultVersionNamespace;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${VERSION_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(VERSION_COOKIE.length + 1)) : LIMITS.defaultVersionNamespace;
}

export function writeVersionCookie(version: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's version cookie; the async Cookie Store API is not in every browser.
  document.cookie = `${VERSION_COOKIE}=${encodeURIComponent(version)}; path=/; max-age=31536000; SameSite=Lax`;
}
