import { matchRoutes } from 'react-router';
import { ROUTES, scrub } from '@atende/shared';

/**
 * What a browser error event says (issue 13; error-reporter.ts sends it): the exception and its
 * causes with stack frames (Chrome and Firefox/Safari formats), the browser and OS from the user
 * agent, and the route PATTERN of the page (never its address). Messages are scrubbed.
 */

const MAX_FRAMES = 50;

export interface TFrame {
  function?: string;
  filename: string;
  lineno: number;
  colno: number;
  in_app: boolean;
}

const CHROME_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)$/;

/**
 * Browser stack → Sentry frames, oldest call first. Chrome/Edge (`at fn (url:line:col)`) and
 * Firefox/Safari (`fn@url:line:col`); query strings and hashes of script URLs are dropped.
 */
export function parseStack(stack: string | undefined, origin: string): TFrame[] {
  if (!stack) return [];
  const frames: TFrame[] = [];
  for (const line of stack.split('\n')) {
    const m = /^\s*at /.test(line) ? CHROME_FRAME.exec(line) : GECKO_FRAME.exec(line);
    if (!m) continue;
    const filename = m[2]!.replace(/[?#].*$/, '');
    const fn = m[1]?.trim();
    frames.push({
      ...(fn ? { function: fn.slice(0, 200) } : {}),
      filename,
      lineno: Number(m[3]),
      colno: Number(m[4]),
      in_app: filename.startsWith(origin) && !filename.includes('/node_modules/'),
    });
  }
  return frames.reverse().slice(-MAX_FRAMES);
}

/** Browser and OS names and versions from the user agent (nothing else of it is sent). */
export function uaContexts(ua: string): {
  browser?: { name: string; version: string };
  os?: { name: string; version?: string };
} {
  const find = <T extends string>(rules: Array<[RegExp, T]>) => {
    for (const [re, name] of rules) {
      const m = re.exec(ua);
      if (m) return { name, version: m[1]?.replace(/_/g, '.') };
    }
    return undefined;
  };
  const browser = find([
    [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
    [/OPR\/([\d.]+)/, 'Opera'],
    [/SamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
    [/(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox'],
    [/(?:Chrome|CriOS|Chromium)\/([\d.]+)/, 'Chrome'],
    [/Version\/([\d.]+).*Safari\//, 'Safari'],
  ]);
  const os = find([
    [/Windows NT ([\d.]+)/, 'Windows'],
    [/(?:iPhone|iPad|iPod).*? OS ([\d_]+)/, 'iOS'],
    [/Android ([\d.]+)/, 'Android'],
    [/CrOS/, 'Chrome OS'],
    [/Mac OS X ([\d_.]+)/, 'macOS'],
    [/Linux/, 'Linux'],
  ]);
  return {
    ...(browser?.version ? { browser: { name: browser.name, version: browser.version } } : {}),
    ...(os ? { os: os.version ? { name: os.name, version: os.version } : { name: os.name } } : {}),
  };
}

const ROUTE_TABLE = [...ROUTES.map((r) => ({ path: r.path })), { path: '/create-account' }];

/** The route pattern of a path (`/apps/campaigns/:campaign_id`); unknown paths keep their first segment only. */
export function routePattern(pathname: string): string {
  const match = matchRoutes(ROUTE_TABLE, pathname)?.at(-1);
  if (match?.route.path) return match.route.path;
  const first = pathname.split('/').filter(Boolean)[0];
  return first ? `/${first.slice(0, 40)}/*` : '/';
}

export type TException = {
  type: string;
  value: string;
  stacktrace?: { frames: TFrame[] };
  mechanism?: { type: string; handled: boolean };
};

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object') {
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string') return message;
    return `Non-Error value: ${value.constructor?.name ?? 'Object'}`;
  }
  return `Non-Error value: ${String(value)}`;
}

/** The error and its causes, outermost last (Sentry's order for chained exceptions). */
export function exceptionValues(error: unknown, origin: string): TException[] {
  const values: TException[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    if (current instanceof Error) {
      const frames = parseStack(current.stack, origin);
      values.unshift({
        type: current.name || 'Error',
        value: scrub(current.message),
        ...(frames.length ? { stacktrace: { frames } } : {}),
      });
      current = (current as { cause?: unknown }).cause;
    } else {
      const name = (current as { name?: unknown } | null)?.name;
      values.unshift({
        type: typeof name === 'string' && name ? name : 'Error',
        value: scrub(describeValue(current)),
      });
      break;
    }
  }
  return values;
}
