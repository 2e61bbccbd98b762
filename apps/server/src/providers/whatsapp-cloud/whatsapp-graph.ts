import { AppError } from '../../platform/errors';
import { whatsappErrorCode } from './whatsapp-webhook';

const TIMEOUT_MS = 15_000;

/** Network failures that happen before a request reaches the server: nothing was sent. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Whether a failed call may still have done its work: a timeout or a connection dropped after
 * the request went out (Graph has no idempotency key, so a send that ends like this may have
 * been delivered), or a gateway timeout. Callers that must not repeat a send read
 * `details.maybeSent`.
 */
function maybeArrived(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return !(code && NOT_SENT.has(code));
}

/**
 * A call to Meta's Graph API (WHATSAPP_GRAPH_URL already carries the version, e.g.
 * https://graph.facebook.com/v21.0) with the channel's access token. Graph errors answer
 * `{ error: { code, message, error_data: { details } } }`: mapped to the catalogue (131047 → the
 * 24 h window, 131026 → number does not exist, anything else → provider error).
 */
export async function graphRequest<T>(
  baseUrl: string,
  accessToken: string | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  if (!accessToken) throw new AppError('CHANNEL_PROVIDER_ERROR', { reason: 'no access token' });
  let response: Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...extraHeaders,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new AppError('CHANNEL_PROVIDER_ERROR', {
      reason: 'unreachable',
      ...(method === 'POST' && maybeArrived(error) ? { maybeSent: true } : {}),
    });
  }
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = {};
  }
  if (!response.ok || json?.error) {
    const error = json?.error ?? {};
    throw new AppError(whatsappErrorCode(error.code), {
      status: response.status,
      ...(method === 'POST' && !json?.error && (response.status === 502 || response.status === 504)
        ? { maybeSent: true }
        : {}),
      providerCode: error.code,
      providerMessage: typeof error.message === 'string' ? error.message.slice(0, 300) : undefined,
    });
  }
  return json as T;
}
