import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface TVisitorClaims {
  channelId: string;
  contactId: string;
  /** The visitor of a chatbot's live test (the editor's console): their contact is made a test one. */
  test?: boolean;
}

const AUDIENCE = 'atende:webchat';
const TTL = '365d';

/**
 * A web chat visitor's identity: a signed token (HS256, key derived from JWT_SECRET, never the
 * access-token key itself) with the channel and the contact; the chat page keeps it in the
 * visitor's localStorage.
 */
export class VisitorTokens {
  private readonly key: KeyObject;
  private readonly fileKey: Buffer;

  constructor(secret: string) {
    this.key = createSecretKey(createHmac('sha256', secret).update('atende:webchat-visitor').digest());
    this.fileKey = createHmac('sha256', secret).update('atende:webchat-file').digest();
  }

  /** What a visitor gets for a file they uploaded: its id bound to them (no one else can send it). */
  fileRef(contactId: string, fileId: string): string {
    return `${fileId}.${this.fileMac(contactId, fileId)}`;
  }

  /** The file id of a visitor's own file reference, or null. */
  fileOf(contactId: string, ref: string): string | null {
    const [fileId, mac] = ref.split('.');
    if (!fileId || !mac) return null;
    const expected = Buffer.from(this.fileMac(contactId, fileId));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? fileId : null;
  }

  private fileMac(contactId: string, fileId: string) {
    return createHmac('sha256', this.fileKey).update(`${contactId}:${fileId}`).digest('base64url');
  }

  sign(claims: TVisitorClaims): Promise<string> {
    return new SignJWT(claims.test ? { ch: claims.channelId, t: 1 } : { ch: claims.channelId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.contactId)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(TTL)
      .sign(this.key);
  }

  /** The claims of a valid token, or null. */
  async verify(token: unknown): Promise<TVisitorClaims | null> {
    if (typeof token !== 'string' || token.length > 2000 || token.split('.').length !== 3) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: AUDIENCE });
      if (typeof payload.sub !== 'string' || typeof payload.ch !== 'string') return null;
      return { channelId: payload.ch, contactId: payload.sub, ...(payload.t === 1 ? { test: true } : {}) };
    } catch {
      return null;
    }
  }
}
