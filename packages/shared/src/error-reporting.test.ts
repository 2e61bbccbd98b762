import { describe, expect, it } from 'vitest';
import { ERROR_REPORT_SAMPLING, parseDsn, scrub } from './error-reporting';

describe('error reporting (shared by the server and the web app)', () => {
  it('spec §9 sampling: 10% traces, 1% sessions, 100% on error', () => {
    expect(ERROR_REPORT_SAMPLING).toEqual({ traces: 0.1, sessions: 0.01, errors: 1 });
  });

  it('scrub masks e-mails, bearer/basic credentials and phone numbers, keeps the rest, caps at 2000 characters', () => {
    expect(scrub('duplicate key (email)=(ana.souza+x@mail.com.br) exists')).toBe(
      'duplicate key (email)=([email]) exists',
    );
    expect(scrub('Authorization: Bearer eyJhbGciOi.J9.x-y_z failed')).toBe(
      'Authorization: Bearer [token] failed',
    );
    expect(scrub('basic dXNlcjpwYXNz')).toBe('basic [token]');
    expect(scrub('sms to +55 (11) 98765-4321 and 5511987654321 refused')).toBe(
      'sms to [number] and [number] refused',
    );
    expect(scrub('code 404 on line 12, id 0190f3a2-1111-7000')).toBe(
      'code 404 on line 12, id 0190f3a2-1111-7000',
    );
    expect(scrub('x'.repeat(2500))).toHaveLength(2000);
  });

  it('parseDsn maps a DSN to its envelope endpoint', () => {
    expect(parseDsn('https://abc@o1.ingest.sentry.io/123')).toEqual({
      envelopeUrl: 'https://o1.ingest.sentry.io/api/123/envelope/',
      publicKey: 'abc',
      projectId: '123',
      raw: 'https://abc@o1.ingest.sentry.io/123',
    });
    expect(parseDsn('ftp://abc@host/1')).toBeNull();
  });
});
