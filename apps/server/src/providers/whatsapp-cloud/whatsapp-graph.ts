import { AppError } from '../../platform/errors';
import { HttpCallError, httpCall, type THttpAnswer } from '../../platform/http-call';
import { whatsappErrorCode } from './whatsapp-webhook';

const TIMEOUT_MS = 15_000;

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
  let response: THttpAnswer;
  try {
    response = await httpCall(`${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...extraHeaders,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      timeoutMs: TIMEOUT_MS,
    });
  } catch (error) {
    // A timeout or a connection dropped after the request went out may still have delivered a
    // send (Graph has no idempotency key): callers that must not repeat one read maybeSent.
    throw new AppError('CHANNEL_PROVIDER_ERROR', {
      reason: 'unreachable',
      ...(method === 'POST' && (!(error instanceof HttpCallError) || error.maybeSent)
        ? { maybeSent: true }
        : {}),
    });
  }
  const ok = response.status >= 200 && response.status < 300;
  let json: any;
  try {
    json = response.text ? JSON.parse(response.text) : {};
  } catch {
    json = {};
  }
  if (!ok || json?.error) {
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
