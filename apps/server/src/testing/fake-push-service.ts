import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { importJWK, jwtVerify } from 'jose';
import { closeServer, listenOnLoopback } from './loopback-server';

/** One browser's push subscription, with the private keys only the browser holds. */
export interface TFakeSubscriber {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

export interface TPushReceived {
  subscriberId: string;
  headers: Record<string, string>;
  /** The VAPID JWT's claims (verified with the k= public key). */
  claims: Record<string, unknown>;
  /** The decrypted payload (RFC 8291 aes128gcm). */
  payload: Record<string, unknown>;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
};

/**
 * A local push service (RFC 8030) standing in for FCM/Mozilla's: each subscriber has its own
 * endpoint; a POST must carry a valid VAPID JWT (RFC 8292, ES256, aud = this origin) and an
 * aes128gcm body (RFC 8291) that this fake decrypts with the subscriber's private keys. Endpoints
 * marked `gone` answer 410 like an unsubscribed browser.
 */
export class FakePushService {
  readonly received: TPushReceived[] = [];
  readonly refused: Array<{ subscriberId: string; reason: string }> = [];
  readonly gone = new Set<string>();
  private readonly subscribers = new Map<string, TFakeSubscriber>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<string> {
    const { server, origin } = await listenOnLoopback((req, res) => void this.handle(req, res));
    this.server = server;
    this.url = origin;
    return this.url;
  }

  async stop() {
    await closeServer(this.server);
  }

  /** A new browser subscription on this service (what PushManager.subscribe() gives the page). */
  subscribe(): TFakeSubscriber {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomBytes(8).toString('hex');
    const subscriber: TFakeSubscriber = {
      id,
      ecdh,
      auth,
      subscription: {
        endpoint: `${this.url}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    };
    this.subscribers.set(id, subscriber);
    return subscriber;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const id = /^\/push\/([0-9a-f]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const subscriber = this.subscribers.get(id);
    const answer = (status: number, reason = '') => {
      if (reason) this.refused.push({ subscriberId: id, reason });
      res.writeHead(status);
      res.end(reason);
    };
    if (!subscriber || req.method !== 'POST') return answer(404, 'no such subscription');
    if (this.gone.has(id)) return answer(410, 'gone');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    try {
      const claims = await this.verifyVapid(headers.authorization ?? '');
      if (headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding');
      if (!headers.ttl) throw new Error('ttl');
      const payload = JSON.parse(this.decrypt(subscriber, Buffer.concat(chunks)).toString('utf8'));
      this.received.push({ subscriberId: id, headers, claims, payload });
      answer(201);
    } catch (error) {
      answer(403, (error as Error).message);
    }
  }

  /** `vapid t=<jwt>, k=<public key>`: ES256 signature by k, aud = this origin, exp within 24 h. */
  private async verifyVapid(header: string) {
    const t = /t=([^,\s]+)/.exec(header)?.[1];
    const k = /k=([^,\s]+)/.exec(header)?.[1];
    if (!header.startsWith('vapid ') || !t || !k) throw new Error('no vapid authorization');
    const point = Buffer.from(k, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(t, key, { audience: this.url });
    if (!payload.sub || !payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600)
      throw new Error('bad claims');
    return payload as Record<string, unknown>;
  }

  /** RFC 8291 aes128gcm, one record. */
  private decrypt(subscriber: TFakeSubscriber, body: Buffer): Buffer {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverPublic = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const shared = subscriber.ecdh.computeSecret(serverPublic);
    const keyInfo = Buffer.concat([
      Buffer.from('WebPush: info\0'),
      subscriber.ecdh.getPublicKey(),
      serverPublic,
    ]);
    const ikm = hkdf(subscriber.auth, shared, keyInfo, 32);
    const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
    const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const plain = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    // Padding: the last record ends with 0x02 followed by zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 2) throw new Error('bad padding');
    return plain.subarray(0, end);
  }
}
