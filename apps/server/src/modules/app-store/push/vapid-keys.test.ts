import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from './vapid-keys';

describe('generateVapidKeys', () => {
  it('makes a P-256 pair web-push signs with: 65-byte public key, 32-byte private key', () => {
    for (let i = 0; i < 20; i++) {
      const keys = generateVapidKeys();
      expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      const headers = webpush.getVapidHeaders(
        'https://push.example.com',
        'mailto:no-reply@atende.local',
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
      );
      expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
    }
  });
});
