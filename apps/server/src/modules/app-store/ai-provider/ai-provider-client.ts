import { OutboundUrlError, type TOutboundFetch } from '../../../platform/outbound-url';
import type { TConnectionResult } from '../catalogue/app-manifest';

export interface TAiProviderSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
}

const EXCERPT = 300;

/**
 * The OpenAI-compatible AI app's connection test: a one-token chat completion with the configured
 * model (checks the address, the key and the model at once), through the outbound address guard.
 * The key never appears in the log.
 */
export async function testAiProvider(
  settings: TAiProviderSettings,
  fetchImpl: TOutboundFetch,
): Promise<TConnectionResult> {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const log = [`POST ${url} (model ${settings.model}, max_tokens 1)`];
  const started = Date.now();
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        model: settings.model,
        messages: [{ role: 'user', content: 'ping' }],
        max_tokens: 1,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = (await response.text()).slice(0, EXCERPT);
    log.push(`HTTP ${response.status} in ${Date.now() - started} ms`, text);
    if (response.ok) return { ok: true, message: 'connected', log };
    if (response.status === 401 || response.status === 403)
      return { ok: false, message: 'credentials refused', log };
    if (response.status === 404) return { ok: false, message: 'model or address not found', log };
    return { ok: false, message: `HTTP ${response.status}`, log };
  } catch (error) {
    if (error instanceof OutboundUrlError) {
      log.push(error.message);
      return { ok: false, message: 'address refused', log };
    }
    log.push(String((error as Error).message));
    return { ok: false, message: 'unreachable', log };
  }
}
