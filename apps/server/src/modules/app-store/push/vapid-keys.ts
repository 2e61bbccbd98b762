import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TConfig } from '../../../config';

export interface TVapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A mailto: subject from MAIL_FROM ("Atende <no-reply@atende.local>" → mailto:no-reply@atende.local). */
function defaultSubject(config: TConfig): string {
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return address.includes('@') ? `mailto:${address.trim()}` : 'mailto:no-reply@atende.local';
}

/**
 * The server's VAPID key pair (Web Push, no third-party account): VAPID_PUBLIC_KEY/PRIVATE_KEY
 * when set, else generated once and kept in DATA_DIR/vapid-keys.json (like the JWT secret; every
 * node of a cluster must share them, so set the variables there).
 */
export function loadVapidKeys(config: TConfig): TVapidKeys {
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = resolve(config.DATA_DIR, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...stored, subject };
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

/**
 * A VAPID key pair as web-push's generateVAPIDKeys makes one (RFC 8292): a P-256 key, the public
 * key uncompressed (65 bytes) and the private key (32 bytes), base64url. Made here so a server
 * that never sends a notification does not load web-push.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A private key with leading zero bytes comes shorter: padded back to 32 bytes.
  const priv = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString('base64url'),
  };
}
