import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (app tokens, webhook signing secrets): AES-256-GCM under a key derived from
 * the server's JWT_SECRET (HKDF-SHA256, its own label), so the database alone never reveals them.
 * Sealed text: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, label = 'atende:secret-box:v1') {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), label, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  sealJson(value: Record<string, string>): string {
    return Object.keys(value).length ? this.seal(JSON.stringify(value)) : '';
  }

  openJson(sealed: string): Record<string, string> {
    return sealed ? (JSON.parse(this.open(sealed)) as Record<string, string>) : {};
  }
}
