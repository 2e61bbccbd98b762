import { LIMITS, resolveLang, type TLoginResult, type TRegisterBody, type TSetupBody } from '@atende/shared';
import type { TPlatform } from '../../platform/platform';
import { AppError } from '../../platform/errors';
import type { TActor } from '../../platform/request-context';
import { keyedHash, randomDigits, randomToken, sha256, safeEqual } from '../../platform/auth/secrets';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import * as repo from './auth.repo';
import { otpMail, resetMail } from './auth.mails';
import { presentUser } from './auth.presenter';
import { TokensService } from './tokens.service';

const MINUTE = 60_000;
const LOGIN_WINDOW_S = 15 * 60;
const LOGIN_MAX_PER_EMAIL = 10;
const LOGIN_MAX_PER_IP = 50;
/** E-mail availability checks per address and window (LOGIN_WINDOW_S). */
const EMAIL_CHECK_MAX_PER_IP = 30;

type TRegisterInput = Omit<TRegisterBody, 'remember_me'> & { phone: string; email: string };

export class AuthService {
  private dummyHash: Promise<string> | null = null;
  readonly tokens: TokensService;

  constructor(
    private readonly platform: TPlatform,
    private readonly accounts: AccountsService,
    private readonly activity: ActivityLogService,
  ) {
    this.tokens = new TokensService(platform);
  }

  private get db() {
    return this.platform.database.db;
  }

  /** Creates an unconfirmed user and mails the verification code. */
  async register(body: TRegisterInput, actor: TActor) {
    const passwordHash = await this.platform.hasher.hash(body.password);
    const user = await repo.insertUser(this.db, {
      name: body.name,
      email: body.email,
      phone: body.phone,
      passwordHash,
      lang: body.lang ?? actor.lang,
    });
    if (!user) throw new AppError('EMAIL_IN_USE');
    await this.sendOtp(user);
    return user;
  }

  /** Register plus the first account (Pro starts its 7-day trial). */
  async setup(body: TSetupBody & { phone: string; email: string }, actor: TActor) {
    const user = await this.register(body, actor);
    const acc = await this.accounts.create(
      user.id,
      {
        plan: body.plan,
        name: body.companyName,
        companyIndustry: body.companyIndustry,
        companyEmployeeCount: body.companyEmployees,
      },
      { ...actor, userId: user.id },
    );
    return { user, acc };
  }

  private otpHash(userId: string, code: string) {
    return keyedHash(this.platform.config.JWT_SECRET, `otp:${userId}:${code}`);
  }

  private async sendOtp(user: repo.TUserRow) {
    const code = randomDigits(LIMITS.otp.digits);
    await repo.insertOtp(
      this.db,
      user.id,
      this.otpHash(user.id, code),
      new Date(Date.now() + LIMITS.otp.ttlMinutes * MINUTE),
    );
    await this.platform.mailer.queue(otpMail(user.email, code, resolveLang(user.lang)));
  }

  /**
   * Whether an e-mail is still free to register (the sign-up form checks it when leaving its first
   * step). Registration answers EMAIL_IN_USE anyway; this says it earlier, limited per address.
   */
  async emailAvailable(email: string, actor: TActor): Promise<{ available: boolean }> {
    const key = `email-check:ip:${actor.ip}`;
    await this.platform.rateLimiter.consume(key, EMAIL_CHECK_MAX_PER_IP, LOGIN_WINDOW_S);
    return { available: !(await repo.findUserByEmail(this.db, email.trim().toLowerCase())) };
  }

  /** Never reveals whether the e-mail exists: unknown e-mails still cost one hash verification. */
  async login(email: string, password: string, rememberMe: boolean, actor: TActor): Promise<TLoginResult> {
    const limiter = this.platform.rateLimiter;
    const emailKey = `login:email:${email}`;
    const ipKey = `login:ip:${actor.ip}`;
    if (
      (await limiter.peek(emailKey)) >= LOGIN_MAX_PER_EMAIL ||
      (await limiter.peek(ipKey)) >= LOGIN_MAX_PER_IP
    ) {
      throw new AppError('RATE_LIMITED');
    }
    const user = await repo.findUserByEmail(this.db, email);
    this.dummyHash ??= this.platform.hasher.hash(randomToken());
    const valid = await this.platform.hasher.verify(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !valid) {
      await limiter.hit(emailKey, LOGIN_WINDOW_S);
      await limiter.hit(ipKey, LOGIN_WINDOW_S);
      throw new AppError('INVALID_CREDENTIALS');
    }
    await limiter.reset(emailKey);
    if (!user.isConfirmed) {
      const pending = await repo.latestOtp(this.db, user.id);
      if (!pending || pending.expiresAt.getTime() <= Date.now()) await this.sendOtp(user);
      return { lang: user.lang, isConfirmed: false, user: presentUser(user) };
    }
    const tokens = await this.tokens.issue(user.id, rememberMe);
    for (const acc of await this.accounts.listForUser(user.id)) {
      await this.activity.record(
        acc.id,
        { ...actor, userId: user.id, userName: user.name },
        { action: 'auth.login', target: user.email },
      );
    }
    return { ...tokens, lang: user.lang, isConfirmed: true, user: presentUser(user) };
  }

  async verifyOtp(email: string, otp: string) {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) throw new AppError('OTP_INVALID');
    if (user.isConfirmed) throw new AppError('ALREADY_CONFIRMED');
    const pending = await repo.latestOtp(this.db, user.id);
    if (!pending) throw new AppError('OTP_INVALID');
    if (pending.attempts >= LIMITS.otp.maxAttempts) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
    if (pending.expiresAt.getTime() <= Date.now()) throw new AppError('OTP_EXPIRED');
    const attempts = await repo.countOtpAttempt(this.db, pending.id);
    if (attempts > LIMITS.otp.maxAttempts) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
    if (!safeEqual(pending.codeHash, this.otpHash(user.id, otp))) {
      throw new AppError('OTP_INVALID', { attemptsLeft: Math.max(0, LIMITS.otp.maxAttempts - attempts) });
    }
    if (!(await repo.consumeOtpAndConfirm(this.db, pending.id, user.id))) throw new AppError('OTP_INVALID');
    return { isConfirmed: true };
  }

  /** Resend: one code per 60 s and 5 per hour per e-mail; silent for unknown e-mails. */
  async resendOtp(email: string, actor: TActor) {
    const limiter = this.platform.rateLimiter;
    await limiter.consume(`otp-resend:email:${email}`, 1, LIMITS.otp.resendCooldownSeconds);
    await limiter.consume(`otp-resend:hour:${email}`, 5, 3600);
    await limiter.consume(`otp-resend:ip:${actor.ip}`, 30, 3600);
    const user = await repo.findUserByEmail(this.db, email);
    // Same answer whether the e-mail is unknown, pending or already confirmed.
    if (user && !user.isConfirmed) await this.sendOtp(user);
    return { sent: true };
  }

  /** Mails a single-use link valid for 1 hour; answers the same whether or not the e-mail exists. */
  async requestPasswordReset(email: string, actor: TActor) {
    const limiter = this.platform.rateLimiter;
    await limiter.consume(`reset:email:${email}`, 3, 3600);
    await limiter.consume(`reset:ip:${actor.ip}`, 20, 3600);
    const user = await repo.findUserByEmail(this.db, email);
    if (user) {
      const token = randomToken();
      await repo.insertPasswordReset(
        this.db,
        user.id,
        sha256(token),
        new Date(Date.now() + LIMITS.passwordResetTtlMinutes * MINUTE),
      );
      const link = `${this.platform.config.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
      await this.platform.mailer.queue(resetMail(user.email, link, resolveLang(user.lang)));
    }
    return { sent: true };
  }

  /** Sets the new password with a reset token, confirms the e-mail it proved, and signs out every session. */
  async confirmPasswordReset(token: string, password: string) {
    const passwordHash = await this.platform.hasher.hash(password);
    const userId = await repo.consumePasswordReset(this.db, sha256(token));
    if (!userId) throw new AppError('RESET_TOKEN_INVALID');
    await repo.updateUserRow(this.db, userId, { passwordHash, isConfirmed: true });
    await repo.revokeAllOfUser(this.db, userId);
    return { reset: true };
  }

  async changePassword(userId: string, currentPassword: string, password: string) {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (!(await this.platform.hasher.verify(user.passwordHash, currentPassword)))
      throw new AppError('PASSWORD_WRONG');
    await repo.updateUserRow(this.db, userId, { passwordHash: await this.platform.hasher.hash(password) });
    // Every other session ends; this one continues with fresh tokens.
    await repo.revokeAllOfUser(this.db, userId);
    return { changed: true, ...(await this.tokens.issue(userId, false)) };
  }
}
