/**
 * Sentry-compatible error reporting (issue 13), the parts the server and the web app share: the DSN
 * → envelope endpoint mapping, the scrubbing of personal data out of messages, and the spec's
 * sampling (§9: 10% traces, 1% sessions, 100% on error).
 */

/** Spec §9: error-report sampling. Errors are always sent; traces and sessions per page load. */
export const ERROR_REPORT_SAMPLING = { traces: 0.1, sessions: 0.01, errors: 1 } as const;

export interface TDsn {
  /** https://host[:port][/path]/api/{project}/envelope/ */
  envelopeUrl: string;
  publicKey: string;
  projectId: string;
  /** The DSN without a (legacy) secret key: what envelope headers repeat. */
  raw: string;
}

/** `{scheme}://{publicKey}[:secret]@{host}[:port][/path]/{project}` → its envelope endpoint; null when malformed. */
export function parseDsn(dsn: string): TDsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.username) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!projectId) return null;
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return {
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    projectId,
    // The envelope header repeats the DSN: never with a (legacy) secret key in it.
    raw: `${url.protocol}//${url.username}@${url.host}${url.pathname}`,
  };
}

/** Personal data that error messages can quote (database details, provider answers, UI text): masked. */
export function scrub(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]')
    .replace(/\b(bearer|basic)\s+[\w.~+/=-]+/gi, '$1 [token]')
    .replace(/(?<![\w-])\+?\d[\d\s().-]{6,}\d(?![\w-])/g, '[number]')
    .slice(0, 2000);
}
