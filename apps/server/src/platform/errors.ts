import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERRORS,
  errorMessage,
  isValidationKey,
  VALIDATION_MESSAGES,
  type TErrorCode,
  type TLang,
  type TValidationKey,
} from '@atende/shared';
import { requestLang } from './i18n';

/** A failure the client can act on: a stable code from packages/shared plus optional details. */
export class AppError extends Error {
  constructor(
    public readonly code: TErrorCode,
    public readonly details?: Record<string, unknown>,
    public readonly params: Record<string, string> = {},
  ) {
    super(code);
  }
  get statusCode(): number {
    return ERRORS[this.code].status;
  }

  /** VALIDATION_FAILED for rules checked outside the zod schema (keys of VALIDATION_MESSAGES). */
  static validation(fields: Array<{ path: string; key: TValidationKey }>): AppError {
    return new AppError('VALIDATION_FAILED', { fields });
  }
}

export interface TFieldError {
  path: string;
  message: string;
  key: string;
}

function translateIssue(
  issue: { message?: string; code?: string; path?: PropertyKey[] },
  lang: TLang,
  missing: boolean,
): TFieldError {
  const raw = issue.message ?? '';
  const key = isValidationKey(raw) ? raw : missing ? 'required' : 'invalid';
  return { path: (issue.path ?? []).map(String).join('.'), key, message: VALIDATION_MESSAGES[key][lang] };
}

/** Field errors of a zod failure (from the validator or from a manual safeParse). */
export function fieldErrors(
  issues: ReadonlyArray<{ message?: string; code?: string; path?: PropertyKey[]; input?: unknown }>,
  lang: TLang,
  prefix = '',
): TFieldError[] {
  return issues.map((issue) => {
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    const err = translateIssue(issue, lang, missing);
    return { ...err, path: [prefix, err.path].filter(Boolean).join('.') };
  });
}

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.status(status).send({ status: 0, ...body });
}

/** The one error handler: AppError → its code; zod → VALIDATION_FAILED; anything else → INTERNAL_ERROR. */
export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLang(request);
  if (
    error instanceof AppError &&
    error.code === 'VALIDATION_FAILED' &&
    Array.isArray(error.details?.fields)
  ) {
    const fields = (error.details.fields as Array<{ path: string; key: TValidationKey }>).map((f) => ({
      path: f.path,
      key: f.key,
      message: VALIDATION_MESSAGES[f.key][lang],
    }));
    return send(reply, 400, { code: error.code, message: errorMessage(error.code, lang), fields });
  }
  if (error instanceof AppError) {
    return send(reply, error.statusCode, {
      code: error.code,
      message: errorMessage(error.code, lang, error.params),
      ...(error.details ? { details: error.details } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? '';
    const issues = error.validation.map((v) => ({
      message: v.message,
      code: (v.params as any)?.issue?.code,
      input: (v.params as any)?.issue?.input,
      path: (v.instancePath || '').split('/').filter(Boolean),
    }));
    return send(reply, 400, {
      code: 'VALIDATION_FAILED',
      message: errorMessage('VALIDATION_FAILED', lang),
      fields: fieldErrors(issues, lang, context === 'body' ? '' : context),
    });
  }
  const status = (error as FastifyError).statusCode;
  if (status === 413)
    return send(reply, 413, { code: 'PAYLOAD_TOO_LARGE', message: errorMessage('PAYLOAD_TOO_LARGE', lang) });
  if (status === 429)
    return send(reply, 429, { code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED', lang) });
  if (status && status >= 400 && status < 500) {
    // Malformed JSON, unsupported media type and the like: the client's input, never a 500.
    return send(reply, 400, {
      code: 'VALIDATION_FAILED',
      message: errorMessage('VALIDATION_FAILED', lang),
      fields: [],
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  // Issue 13: reported (SENTRY_DSN) with the method, path and route, never the body or headers.
  request.server.platform?.errorReporter?.capture(error, {
    request: { method: request.method, url: request.url },
    accountId: request.tenant?.accountId ?? null,
    tags: { route: request.routeOptions?.url ?? 'unknown', request_id: String(request.id) },
  });
  return send(reply, 500, { code: 'INTERNAL_ERROR', message: errorMessage('INTERNAL_ERROR', lang) });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, {
    code: 'ROUTE_NOT_FOUND',
    message: errorMessage('ROUTE_NOT_FOUND', requestLang(request)),
  });
}
