import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface TAccessClaims {
  sub: string;
}

/** Tokens whose signature was checked, kept at most (the oldest goes first). */
const VERIFIED_MAX = 20_000;

export class JwtService {
  // A KeyObject, so jose does not import the key again on every verification.
  private readonly key: KeyObject;
  /**
   * Tokens this process has verified, by their exact text → subject and expiry. jose checks an
   * HS256 signature through WebCrypto (a key import and an async job per call): a third of the
   * CPU of a cheap authenticated read. A token's text is its signature, so the same text needs no
   * second check; its expiry is checked on every use.
   */
  private readonly verified = new Map<string, { sub: string; exp: number }>();
  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(userId: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /** Verifies a token; failures carry the exact spec messages through their codes. */
  async verify(token: string | undefined): Promise<TAccessClaims> {
    if (!token) throw new AppError('JWT_INVALID');
    const known = this.verified.get(token);
    if (known) {
      if (known.exp <= Math.floor(Date.now() / 1000)) {
        this.verified.delete(token);
        throw new AppError('JWT_EXPIRED');
      }
      return { sub: known.sub };
    }
    if (token.split('.').length !== 3) throw new AppError('JWT_MALFORMED');
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string') throw new AppError('JWT_INVALID');
      if (typeof payload.exp === 'number' && payload.nbf === undefined)
        this.remember(token, payload.sub, payload.exp);
      return { sub: payload.sub };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError('JWT_EXPIRED');
      if (error instanceof errors.JWSSignatureVerificationFailed) throw new AppError('JWT_INVALID_SIGNATURE');
      if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
        throw new AppError('JWT_MALFORMED');
      throw new AppError('JWT_INVALID');
    }
  }

  private remember(token: string, sub: string, exp: number) {
    if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { sub, exp });
  }
}
