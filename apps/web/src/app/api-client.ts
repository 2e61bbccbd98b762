import { LIMITS } from '@atende/shared';
import { readItem, writeItem } from './storage';

/** The four JWT messages of spec §8 that log the user out (once). */
export const JWT_MESSAGES = ['jwt expired', 'invalid signature', 'jwt malformed', 'invalid token'] as const;
/** Account load messages of spec §8 that fall back to the first account. */
export const ACC_FALLBACK_MESSAGES = ['Acc not found', 'Invalid acc or user ID'] as const;

export const FRONT_VERSION: string = typeof __FRONT_VERSION__ === 'string' ? __FRONT_VERSION__ : 'dev';

export interface TFieldIssue {
  path: string;
  key: string;
  message: string;
}

/** A failed call: `code` is an ERRORS key of packages/shared (or a web-only code: REQUEST_TIMEOUT, NETWORK_ERROR). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: TFieldIssue[] = [],
    /** The error's details, when the server sends some (e.g. the open conversation of ACTIVE_CONVERSATION_EXISTS). */
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isJwtMessage(message: string): boolean {
  return (JWT_MESSAGES as readonly string[]).includes(message);
}

export function isAccFallbackMessage(message: string): boolean {
  return (ACC_FALLBACK_MESSAGES as readonly string[]).includes(message);
}

export interface TRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  timeoutMs?: number;
  /** Skip the JWT/refresh/logout handling (used by logout itself and the refresh call). */
  raw?: boolean;
}

interface THooks {
  onLogout: () => void;
  getLang: () => string;
  reload: (url: string) => void;
}

const hooks: THooks = {
  onLogout: () => undefined,
  getLang: () => LIMITS.defaultLocale,
  reload: (url) => window.location.replace(url),
};

export function configureApi(next: Partial<THooks>): void {
  Object.assign(hooks, next);
}

const CC_SESSION_KEY = 'ccReloadedFor';

/** frontVersionConflict → reload once with cc=1 (never twice for the same build). */
export function handleVersionConflict(): boolean {
  if (typeof window === 'undefined') return false;
  const url = new URL(window.location.href);
  let already = false;
  let storageOk = true;
  try {
    already = window.sessionStorage.getItem(CC_SESSION_KEY) === FRONT_VERSION;
    if (!already) window.sessionStorage.setItem(CC_SESSION_KEY, FRONT_VERSION);
  } catch {
    storageOk = false;
  }
  if (already || (!storageOk && url.searchParams.get('cc') === '1')) return false;
  url.searchParams.set('cc', '1');
  hooks.reload(url.toString());
  return true;
}

let refreshing: Promise<boolean> | null = null;
let loggedOutOnce = false;

/** Allows a new logout after a fresh sign-in. */
export function resetLogoutLatch(): void {
  loggedOutOnce = false;
}

function logoutOnce(): void {
  if (loggedOutOnce) return;
  loggedOutOnce = true;
  hooks.onLogout();
}

/** Renews the access token with the refresh token (single flight). */
export function refreshAccessToken(): Promise<boolean> {
  const token = readItem('refreshToken');
  if (!token) return Promise.resolve(false);
  refreshing ??= request<{ accessToken: string; refreshToken: string }>('/g/auth/refresh-token', {
    method: 'POST',
    body: { token },
    raw: true,
  })
    .then((data) => {
      writeItem('accessToken', data.accessToken);
      writeItem('refreshToken', data.refreshToken);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function buildUrl(path: string, query?: TRequestOptions['query']): string {
  const normalized = path.startsWith('/') ? path : `/${path}`;
  if (!query) return normalized;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${normalized}?${qs}` : normalized;
}

async function send(path: string, options: TRequestOptions): Promise<{ res: Response; body: any }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? LIMITS.requestTimeoutMs);
  const headers: Record<string, string> = {
    'Front-Version': FRONT_VERSION,
    'Accept-Language': hooks.getLang(),
    Accept: 'application/json',
  };
  const token = readItem('accessToken');
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    const text = await res.text();
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { res, body };
  } catch (error) {
    if (controller.signal.aborted) throw new ApiError(0, 'REQUEST_TIMEOUT', 'timeout');
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'network error');
  } finally {
    clearTimeout(timer);
  }
}

/** Calls the API; resolves with `data` of the `{ status: 1, data }` envelope, rejects with ApiError. */
export async function request<T>(path: string, options: TRequestOptions = {}, retried = false): Promise<T> {
  const { res, body } = await send(path, options);
  if (body && body.frontVersionConflict === true) handleVersionConflict();
  if (res.ok && body && body.status !== 0) return body.data as T;

  const message: string = typeof body?.message === 'string' ? body.message : res.statusText;
  const code: string =
    typeof body?.code === 'string' ? body.code : res.status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN';
  if (!options.raw && (res.status === 406 || res.status > 400) && isJwtMessage(message)) {
    if (message === 'jwt expired' && !retried && (await refreshAccessToken())) {
      return request<T>(path, options, true);
    }
    logoutOnce();
  }
  const details = body?.details && typeof body.details === 'object' ? body.details : null;
  throw new ApiError(res.status, code, message, Array.isArray(body?.fields) ? body.fields : [], details);
}

export const api = {
  get: <T>(path: string, query?: TRequestOptions['query'], extra: Omit<TRequestOptions, 'query'> = {}) =>
    request<T>(path, { ...extra, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, extra: TRequestOptions = {}) =>
    request<T>(path, { ...extra, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, extra: TRequestOptions = {}) =>
    request<T>(path, { ...extra, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, extra: TRequestOptions = {}) =>
    request<T>(path, { ...extra, method: 'DELETE', body }),
};
