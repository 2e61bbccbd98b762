import { SUPPORT_LIMITS, type TSupportMessageBody } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AccountsService } from '../accounts/accounts.service';
import type { UsersService } from '../users/users.service';

/**
 * The help form (issue 13; spec §8 form submission): a signed-in user's message mailed to the
 * installation's support address (SUPPORT_EMAIL), reply-to the user, naming the account they were
 * in when they belong to it. At most SUPPORT_LIMITS.perWindow messages a user per window.
 */
export class SupportService {
  constructor(
    private readonly config: TConfig,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly users: UsersService,
    private readonly accounts: AccountsService,
    private readonly log: () => FastifyBaseLogger,
  ) {}

  async send(userId: string, body: TSupportMessageBody): Promise<{ sent: true }> {
    await this.limiter.consume(`support:${userId}`, SUPPORT_LIMITS.perWindow, SUPPORT_LIMITS.windowSeconds);
    const to = this.config.SUPPORT_EMAIL;
    if (!to) {
      this.log().warn('help form: SUPPORT_EMAIL is not set, the message was not sent');
      throw new AppError('SUPPORT_MESSAGE_FAILED');
    }
    const user = await this.users.me(userId);
    const account = body.acc
      ? (await this.accounts.listForUser(userId)).find((a) => a._id === body.acc)
      : undefined;
    const lines = [
      `From: ${user.name} <${user.email}>`,
      account ? `Account: ${account.name} (${account._id})` : null,
      '',
      body.message,
    ].filter((l) => l !== null);
    try {
      await this.mailer.queue({
        to,
        replyTo: user.email,
        subject: `[Help] ${body.subject}`,
        text: lines.join('\n'),
      });
    } catch (err) {
      this.log().error({ err }, 'help form: the message could not be queued');
      throw new AppError('SUPPORT_MESSAGE_FAILED');
    }
    return { sent: true };
  }
}
