import type { TPlatform } from '../../platform/platform';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/db/columns';
import { randomToken, sha256 } from '../../platform/auth/secrets';
import * as repo from './auth.repo';

const DAY_MS = 86_400_000;
const REFRESH_TTL_DAYS = { default: 1, rememberMe: 30 };

/** Access JWTs plus opaque rotating refresh tokens (hashed, in families; reuse revokes the family). */
export class TokensService {
  constructor(private readonly platform: TPlatform) {}

  private get db() {
    return this.platform.database.db;
  }

  async issue(userId: string, rememberMe: boolean, familyId: string = newId()) {
    const refreshToken = randomToken();
    const days = rememberMe ? REFRESH_TTL_DAYS.rememberMe : REFRESH_TTL_DAYS.default;
    await repo.insertRefreshToken(this.db, {
      userId,
      familyId,
      tokenHash: sha256(refreshToken),
      rememberMe,
      expiresAt: new Date(Date.now() + days * DAY_MS),
    });
    return { accessToken: await this.platform.jwt.sign(userId), refreshToken };
  }

  async refresh(token: string) {
    const row = await repo.findRefreshToken(this.db, sha256(token));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now())
      throw new AppError('REFRESH_TOKEN_INVALID');
    if (!(await repo.markRefreshUsed(this.db, row.id))) {
      await repo.revokeFamily(this.db, row.familyId);
      throw new AppError('REFRESH_TOKEN_INVALID');
    }
    return this.issue(row.userId, row.rememberMe, row.familyId);
  }

  async revoke(token: string) {
    const row = await repo.findRefreshToken(this.db, sha256(token));
    if (row) await repo.revokeFamily(this.db, row.familyId);
    return { loggedOut: true };
  }
}
