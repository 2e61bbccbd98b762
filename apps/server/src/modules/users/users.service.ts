import {
  hasRole,
  LIMITS,
  resolveLang,
  type TInvitationView,
  type TLoginResult,
  type TRole,
  type TUpdateProfileBody,
} from '@atende/shared';
import type { TPlatform } from '../../platform/platform';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/db/columns';
import type { TActor } from '../../platform/request-context';
import type { TTenant } from '../../platform/tenancy';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { inviteMail } from '../auth/auth.mails';
import type { TokensService } from '../auth/tokens.service';
import type { TNewUser, UserRecordsService } from '../auth/user-records.service';
import * as repo from './users.repo';
import { decodeAvatar } from './avatar';

const DAY_MS = 86_400_000;

export interface TInviteInput {
  email: string;
  acl: TRole;
  intentions: string[];
  entities: string[];
}

export class UsersService {
  constructor(
    private readonly platform: TPlatform,
    private readonly accounts: AccountsService,
    private readonly activity: ActivityLogService,
    private readonly tokens: TokensService,
    private readonly userRecords: UserRecordsService,
  ) {}

  private get db() {
    return this.platform.database.db;
  }

  async me(userId: string) {
    const user = await this.userRecords.byId(userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return this.userRecords.present(user);
  }

  async updateProfile(userId: string, patch: TUpdateProfileBody) {
    const row = await this.userRecords.update(userId, patch as Partial<TNewUser>);
    if (!row) throw new AppError('USER_NOT_FOUND');
    return this.userRecords.present(row);
  }

  async setAvatar(userId: string, dataUrl: string) {
    const { mime, data } = decodeAvatar(dataUrl);
    await repo.upsertAvatar(this.db, userId, mime, data);
    const profilePic = `/g/user/avatar/${userId}?v=${Date.now()}`;
    await this.userRecords.update(userId, { profilePic });
    return { profilePic };
  }

  avatar(userId: string) {
    return repo.findAvatar(this.db, userId);
  }

  /**
   * Admins and up invite; never to a role above their own; members cannot be invited twice. Inviting
   * an e-mail whose invitation is still open renews it (one pending row, the same link mailed again).
   */
  async invite(tenant: TTenant, input: TInviteInput, actor: TActor) {
    if (!hasRole(tenant.role, input.acl)) throw new AppError('ROLE_ABOVE_OWN');
    const existing = await this.userRecords.byEmail(input.email);
    if (existing && (await this.accounts.member(tenant.accountId, existing.id)))
      throw new AppError('ALREADY_MEMBER');
    const invitation = await repo.upsertOpenInvitation(this.db, {
      accountId: tenant.accountId,
      email: input.email,
      acl: input.acl,
      intentions: input.intentions,
      entities: input.entities,
      invitedBy: tenant.userId,
      expiresAt: new Date(Date.now() + LIMITS.invitationTtlDays * DAY_MS),
    });
    const link = `${this.platform.config.APP_URL}/invitation/${invitation.id}`;
    const lang = resolveLang(existing?.lang ?? actor.lang);
    await this.platform.mailer.queue(inviteMail(input.email, tenant.account.name, link, lang));
    await this.activity.record(tenant.accountId, actor, {
      action: 'user.invited',
      target: input.email,
      details: { acl: input.acl },
    });
    return { _id: invitation.id };
  }

  async invitation(id: string): Promise<TInvitationView> {
    const row = await repo.findOpenInvitation(this.db, id);
    if (!row) throw new AppError('INVITATION_NOT_FOUND');
    const { invitation } = row;
    const user = await this.userRecords.byEmail(invitation.email);
    return {
      _id: invitation.id,
      email: invitation.email,
      acc: invitation.accountId,
      accName: row.accountName,
      acl: invitation.acl,
      intentions: invitation.intentions,
      entities: invitation.entities,
      userExists: Boolean(user),
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * Accepts an invitation: creates the user (confirmed: the link proved the e-mail) or, for an
   * existing user, checks the password; then joins the account and signs in.
   */
  async acceptInvitation(
    body: { name?: string; phone?: string; email: string; password: string; invatation: string },
    actor: TActor,
  ): Promise<TLoginResult> {
    const found = await repo.findOpenInvitation(this.db, body.invatation);
    if (!found) throw new AppError('INVITATION_NOT_FOUND');
    const { invitation } = found;
    if (invitation.email.toLowerCase() !== body.email.toLowerCase())
      throw new AppError('INVITATION_EMAIL_MISMATCH');
    let user = await this.userRecords.byEmail(body.email);
    if (user) {
      if (!(await this.platform.hasher.verify(user.passwordHash, body.password)))
        throw new AppError('INVALID_CREDENTIALS');
      if (!user.isConfirmed) user = await this.userRecords.update(user.id, { isConfirmed: true });
    } else {
      const missing = (['name', 'phone'] as const).filter((field) => !body[field]);
      if (missing.length)
        throw AppError.validation(missing.map((path) => ({ path, key: 'required' as const })));
      user = await this.userRecords.insert({
        name: body.name!,
        phone: body.phone!,
        email: body.email,
        passwordHash: await this.platform.hasher.hash(body.password),
        lang: actor.lang,
        isConfirmed: true,
      });
      if (!user) throw new AppError('EMAIL_IN_USE');
    }
    if (!(await repo.acceptInvitationRow(this.db, invitation.accountId, invitation.id)))
      throw new AppError('INVITATION_NOT_FOUND');
    await this.accounts.addMember(invitation.accountId, {
      userId: user!.id,
      acl: invitation.acl,
      intentions: invitation.intentions,
      entities: invitation.entities,
    });
    await this.platform.tenantCache.invalidate(invitation.accountId);
    await this.activity.record(
      invitation.accountId,
      { ...actor, userId: user!.id, userName: user!.name },
      {
        action: 'user.joined',
        target: user!.email,
        details: { acl: invitation.acl },
      },
    );
    const tokens = await this.tokens.issue(user!.id, false);
    return { ...tokens, lang: user!.lang, isConfirmed: true, user: this.userRecords.present(user!) };
  }

  async listInvitations(accountId: string) {
    const rows = await repo.listOpenInvitations(this.db, accountId);
    return rows.map((r) => ({
      _id: r.id,
      email: r.email,
      acl: r.acl,
      expiresAt: r.expiresAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async revokeInvitation(accountId: string, id: string, actor: TActor) {
    const email = await repo.deleteInvitation(this.db, accountId, id);
    if (!email) throw new AppError('INVITATION_NOT_FOUND');
    await this.activity.record(accountId, actor, { action: 'invitation.revoked', target: email });
    return { removed: true };
  }

  /** Push registration: tokens that cannot be a push-service token answer invalidToken. */
  async registerDevice(
    tenant: TTenant,
    body: { token: string; type: string; deviceID?: string; deviceName: string },
  ): Promise<{ deviceID: string } | { invalidToken: true }> {
    if (body.token.length < 20 || /\s/.test(body.token)) return { invalidToken: true };
    // A web push subscription (JSON) must be a whole one; other tokens keep the plain shape check.
    if (body.type === 'web' && body.token.startsWith('{') && !isWebPushSubscription(body.token))
      return { invalidToken: true };
    const deviceId = body.deviceID || newId();
    await repo.upsertDevice(this.db, {
      accountId: tenant.accountId,
      userId: tenant.userId,
      token: body.token,
      type: body.type,
      deviceId,
      deviceName: body.deviceName,
    });
    return { deviceID: deviceId };
  }

  /** A member's web push subscriptions in one account (the push notifier sends to each). */
  async webPushTokens(accountId: string, userId: string): Promise<string[]> {
    return (await repo.listDeviceTokens(this.db, accountId, userId, 'web')).map((d) => d.token);
  }

  async removeDeviceToken(userId: string, token: string) {
    await repo.deleteDeviceToken(this.db, userId, token);
    return { removed: true };
  }

  members(accountId: string) {
    return this.accounts.members(accountId);
  }
}

/** A browser's PushSubscription as JSON: an https endpoint and its p256dh/auth keys. */
function isWebPushSubscription(token: string): boolean {
  try {
    const sub = JSON.parse(token) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
    return (
      typeof sub.endpoint === 'string' &&
      /^https?:\/\//.test(sub.endpoint) &&
      typeof sub.keys?.p256dh === 'string' &&
      typeof sub.keys?.auth === 'string'
    );
  } catch {
    return false;
  }
}
