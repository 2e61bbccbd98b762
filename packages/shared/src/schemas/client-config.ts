import { z } from 'zod';

/**
 * GET /g/client-config (issue 13): what the web app needs to know about the installation before
 * anyone signs in. Public: nothing in it is secret (a Sentry DSN's public key is meant for browsers).
 */
export const ZWebErrorReporting = z.object({
  /** The browser's Sentry-compatible DSN (SENTRY_WEB_DSN). */
  dsn: z.string(),
  /** The `environment` of reported events (SENTRY_ENVIRONMENT, default NODE_ENV). */
  environment: z.string(),
  /** Spec §9: the share of page loads that send a page-load transaction (0.1). */
  tracesSampleRate: z.number().min(0).max(1),
  /** Spec §9: the share of page loads that send a release-health session (0.01). */
  sessionSampleRate: z.number().min(0).max(1),
});
export type TWebErrorReporting = z.infer<typeof ZWebErrorReporting>;

export const ZClientConfig = z.object({
  /** Browser error reporting; null (nothing loads, nothing is sent) unless set on a production server. */
  errorReporting: ZWebErrorReporting.nullable(),
});
export type TClientConfig = z.infer<typeof ZClientConfig>;
