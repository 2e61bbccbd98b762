import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface TVisitorClaims {
  channelId: string;
  contactId: string;
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

  constructor(secret: string) {
    this.key = createSecretKey(createHmac('sha256', secret).update('atende:webchat-visitor').digest());
  }

  sign(claims: TVisitorClaims): Promise<string> {
    return new SignJWT({ ch: claims.channelId })
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
      return { channelId: payload.ch, contactId: payload.sub };
    } catch {
      return null;
    }
  }
}
