import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret (shown once to the admin, stored sealed). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** HMAC-SHA256 (hex) of `<timestamp>.<body>` under `secret`. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The X-Atende-Signature value: one `v1=` entry per secret in force (two during a rotation). */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return secrets.map((secret) => `v1=${signWebhook(secret, timestamp, body)}`).join(',');
}
