import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface TAccessClaims {
  sub: string;
}

export class JwtService {
  // A KeyObject, so jose does not import the key again on every verification.
  private readonly key: KeyObject;
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
    if (token.split('.').length !== 3) throw new AppError('JWT_MALFORMED');
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string') throw new AppError('JWT_INVALID');
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
}
