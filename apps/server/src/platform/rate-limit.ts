import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from './db/client';
import { AppError } from './errors';

/**
 * Fixed-window counters in PostgreSQL, shared by every process. One statement per hit:
 * increments the key's counter (starting a new window when the old one has passed).
 */
export class RateLimiter {
  constructor(private readonly db: TDb) {}

  async hit(key: string, windowSeconds: number): Promise<{ count: number; resetAt: Date }> {
    const result = await this.db.execute(sql`
      insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count, reset_at`);
    const [row] = rowsOf<{ count: number; reset_at: string | Date }>(result);
    return { count: Number(row.count), resetAt: new Date(row.reset_at) };
  }

  /** Counts a hit and throws RATE_LIMITED once the window holds more than `limit`. */
  async consume(key: string, limit: number, windowSeconds: number): Promise<void> {
    const { count, resetAt } = await this.hit(key, windowSeconds);
    if (count > limit) {
      throw new AppError('RATE_LIMITED', {
        retryAfterSeconds: Math.ceil((resetAt.getTime() - Date.now()) / 1000),
      });
    }
  }

  async peek(key: string): Promise<number> {
    const result = await this.db.execute(
      sql`select count from rate_limits where key = ${key} and reset_at > now()`,
    );
    return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }
}
