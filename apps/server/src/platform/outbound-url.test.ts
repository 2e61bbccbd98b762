import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isPrivateAddress,
  OutboundUrlError,
  outboundCall,
  outboundFetch,
  readLimited,
} from './outbound-url';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254', // cloud metadata
    '100.64.0.1',
    '100.100.100.200', // Alibaba metadata (CGNAT)
    '192.0.0.170',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '[::1]',
    'fc00::1',
    'fd00:ec2::254', // AWS metadata over IPv6
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1', // the same, in hex
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
    '2002:c0a8:0101::1', // 6to4 of 192.168.1.1
    '2001:db8::1',
    'localhost',
    'not an ip',
  ])('%s is not public', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.1.1',
    '223.255.255.254',
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:0808:0808::1', // 6to4 of 8.8.8.8
  ])('%s is public', (ip) => expect(isPrivateAddress(ip)).toBe(false));
});

describe('checkOutboundUrl', () => {
  const refused = async (url: string, allowPrivate = false) => {
    const err = await checkOutboundUrl(url, { allowPrivate }).catch((e) => e);
    expect(err).toBeInstanceOf(OutboundUrlError);
    return (err as OutboundUrlError).reason;
  };

  it('accepts only http and https', async () => {
    expect(await refused('ftp://example.com/x', true)).toBe('scheme');
    expect(await refused('file:///etc/passwd', true)).toBe('scheme');
    expect(await refused('javascript:alert(1)', true)).toBe('scheme');
    expect(await refused('not a url', true)).toBe('scheme');
    // A public address literal (the test machine may have no DNS).
    expect((await checkOutboundUrl('https://8.8.8.8/a', { allowPrivate: false })).href).toBe(
      'https://8.8.8.8/a',
    );
  });

  it('refuses private literals and names, in every spelling, unless allowed', async () => {
    expect(await refused('http://127.0.0.1:8080/')).toBe('private');
    expect(await refused('http://2130706433/')).toBe('private'); // 127.0.0.1 as one number
    expect(await refused('http://0x7f.1/')).toBe('private');
    expect(await refused('http://[::1]/')).toBe('private');
    expect(await refused('http://[::ffff:169.254.169.254]/latest/meta-data')).toBe('private');
    expect(await refused('http://localhost:3000/')).toBe('private');
    expect(await refused('http://name.invalid/')).toBe('unresolvable');
    expect((await checkOutboundUrl('http://127.0.0.1:8080/', { allowPrivate: true })).port).toBe('8080');
  });
});

describe('outboundFetch', () => {
  const server = createServer((req, res) => {
    if (req.url === '/slow') return; // never answers
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'text/plain');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://127.0.0.1:1/' });
        return res.end();
      }
      res.end(`${req.method} ${body} ${req.headers['x-test'] ?? ''}`);
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses a loopback address by literal and by name when private addresses are not allowed', async () => {
    const guarded = outboundFetch({ allowPrivate: false });
    await expect(guarded(`${base}/x`)).rejects.toMatchObject({ reason: 'private' });
    const port = new URL(base).port;
    await expect(guarded(`http://localhost:${port}/x`)).rejects.toMatchObject({ reason: 'private' });
    await expect(guarded('gopher://example.com/')).rejects.toMatchObject({ reason: 'scheme' });
  });

  it('sends method, headers and body, returns status and text, follows no redirect', async () => {
    const open = outboundFetch({ allowPrivate: true });
    const res = await open(`${base}/echo`, { method: 'POST', headers: { 'x-test': 'yes' }, body: 'olá' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('POST olá yes');
    const moved = await open(`${base}/redirect`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('http://127.0.0.1:1/');
  });

  it('aborts with the signal reason, and caps what it reads', async () => {
    const open = outboundFetch({ allowPrivate: true });
    const err = await open(`${base}/slow`, { signal: AbortSignal.timeout(200) }).catch((e) => e);
    expect((err as Error).name).toBe('TimeoutError');
    expect(await readLimited(await open(`${base}/echo`), 3)).toBeNull();
    expect((await readLimited(await open(`${base}/echo`), 100))?.toString()).toBe('GET  ');
  });

  it('outboundCall: the same refusals, and an answer read whole or cut at maxBytes', async () => {
    const guarded = outboundCall({ allowPrivate: false });
    const port = new URL(base).port;
    for (const url of [`${base}/x`, `http://localhost:${port}/x`]) {
      const refused = await guarded(url, { method: 'POST', body: '{}', timeoutMs: 2000 }).catch((e) => e);
      expect(refused, url).toBeInstanceOf(OutboundUrlError);
      expect(refused, url).toMatchObject({ reason: 'private' });
    }
    await expect(guarded('gopher://example.com/', { method: 'GET', timeoutMs: 2000 })).rejects.toMatchObject({
      reason: 'scheme',
    });
    const open = outboundCall({ allowPrivate: true });
    const answer = await open(`${base}/echo`, {
      method: 'POST',
      headers: { 'x-test': 'yes' },
      body: 'olá',
      timeoutMs: 2000,
    });
    expect(answer).toMatchObject({ status: 200, text: 'POST olá yes' });
    const cut = await open(`${base}/echo`, {
      method: 'POST',
      body: 'abcdef',
      timeoutMs: 2000,
      maxBytes: 6,
      overflow: 'cut',
    });
    expect(cut).toMatchObject({ status: 200, text: 'POST a' });
    expect((await open(`${base}/redirect`, { method: 'GET', timeoutMs: 2000 })).status).toBe(302);
  });
});
