import { ERROR_REPORT_SAMPLING, type TClientConfig } from '@atende/shared';
import type { TConfig } from '../../config';

/**
 * The web app's public configuration (GET /g/client-config, issue 13). Browser error reporting is
 * given only on a production server with SENTRY_WEB_DSN set (spec §7: error-reporting scripts load
 * on the production host only); otherwise `errorReporting` is null and the web app loads nothing.
 */
export class ClientConfigService {
  private readonly answer: TClientConfig;

  constructor(config: Pick<TConfig, 'SENTRY_WEB_DSN' | 'SENTRY_ENVIRONMENT' | 'NODE_ENV' | 'isProduction'>) {
    const dsn = config.isProduction ? config.SENTRY_WEB_DSN : undefined;
    this.answer = {
      errorReporting: dsn
        ? {
            dsn,
            environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
            tracesSampleRate: ERROR_REPORT_SAMPLING.traces,
            sessionSampleRate: ERROR_REPORT_SAMPLING.sessions,
          }
        : null,
    };
  }

  get(): TClientConfig {
    return this.answer;
  }
}
