import { describe, expect, it } from 'vitest';
import { OutboundUrlError, outboundFetch } from '../outbound-url';
import { AccountAiProvider, type TAccountAiSettings } from './account-provider';
import type { TAiProvider } from './ai.types';
import { providerFor } from './ai.types';
import { CountingProvider } from './counting-provider';

const server: TAiProvider = {
  kind: 'retrieval',
  model: 'server',
  complete: async () => ({ text: 'server', provider: 'retrieval', model: 'server' }),
  embed: async () => ({ vectors: [], provider: 'retrieval', model: 'server' }),
};

function withLookup(settings: Record<string, TAccountAiSettings>) {
  const calls: string[] = [];
  const provider = new AccountAiProvider(
    server,
    async (accountId) => {
      calls.push(accountId);
      return settings[accountId] ?? null;
    },
    outboundFetch({ allowPrivate: false }),
  );
  return { provider, calls };
}

const own = { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'own-model' };

describe('AccountAiProvider', () => {
  it("gives an account with its own provider that one, the others the server's, cached per account", async () => {
    const { provider, calls } = withLookup({ a: own });
    expect((await provider.forAccount('a')).model).toBe('own-model');
    expect((await provider.forAccount('a')).kind).toBe('openai');
    expect(await provider.forAccount('b')).toBe(server);
    expect(calls).toEqual(['a', 'b']);
    expect((await provider.complete({ accountId: 'b', lang: 'en', messages: [] })).text).toBe('server');
    provider.forget('a');
    await provider.forAccount('a');
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('sends an account provider through the outbound address guard (a private address is refused)', async () => {
    const { provider } = withLookup({ a: { ...own, baseURL: 'http://169.254.169.254/v1' } });
    const account = await provider.forAccount('a');
    await expect(
      account.complete({ accountId: 'a', lang: 'en', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ cause: expect.any(OutboundUrlError) });
  });

  it('is resolved per account through the counting decorator', async () => {
    const { provider } = withLookup({ a: own });
    const counted = new CountingProvider(provider, async () => {});
    expect((await providerFor(counted, 'a')).model).toBe('own-model');
    expect((await providerFor(counted, 'b')).model).toBe('server');
    expect(await providerFor(server, 'a')).toBe(server);
  });
});
