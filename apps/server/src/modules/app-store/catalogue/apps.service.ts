import type {
  TAppCatalogueItem,
  TAppInstall,
  TAppKey,
  TAppRun,
  TAppRunAction,
  TAppRunStatus,
  TConfigureAppBody,
  TDomainEventMap,
  TInstallAppBody,
} from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import type { DomainEvents } from '../../../platform/events';
import type { Mailer } from '../../../platform/mail';
import { checkOutboundUrl, type TOutboundFetch, type TOutboundOptions } from '../../../platform/outbound-url';
import type { SecretBox } from '../../../platform/secret-box';
import type { AccountsService } from '../../accounts/accounts.service';
import type { TAppManifest } from './app-manifest';
import { type TSettings, validateSettings } from './app-settings';
import * as repo from './installs.repo';
import { APP_MANIFESTS, manifestOf } from './manifests';

/** Errors in a row (connection tests, imports, deliveries given up) that disable an app by itself. */
export const AUTO_DISABLE_AFTER = 5;

function presentInstall(row: repo.TInstallRow): TAppInstall {
  return {
    _id: row.id,
    app: row.appKey as TAppKey,
    name: row.name,
    status: row.status as TAppInstall['status'],
    settings: row.settings,
    secretsSet: row.secretsSet,
    disabledReason: row.disabledReason,
    consecutiveErrors: row.consecutiveErrors,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentRun(row: repo.TRunRow): TAppRun {
  return {
    _id: row.id,
    installId: row.installId,
    app: row.appKey as TAppKey,
    action: row.action as TAppRunAction,
    status: row.status as TAppRunStatus,
    userId: row.userId,
    userName: row.userName,
    message: row.message,
    log: row.log,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
  };
}

/**
 * Installs of the catalogue's apps and their history: every step is a run (spec §4 statuses);
 * secret settings are sealed at rest and never presented; repeated errors disable an install and
 * the account's admins get an e-mail.
 */
export class AppsService {
  constructor(
    private readonly db: TDb,
    private readonly box: SecretBox,
    private readonly accounts: AccountsService,
    private readonly mailer: Mailer,
    private readonly outbound: { events: DomainEvents; fetch: TOutboundFetch; guard?: TOutboundOptions },
  ) {}

  /** The manifest's outbound addresses must reach a public http(s) address (as webhook endpoints). */
  private async checkOutboundUrls(manifest: TAppManifest, settings: TSettings) {
    const guard = this.outbound.guard ?? { allowPrivate: false };
    for (const key of manifest.outboundUrls ?? []) {
      const url = settings[key];
      if (typeof url !== 'string' || !url) continue;
      try {
        await checkOutboundUrl(url, guard);
      } catch {
        throw new AppError('URL_NOT_ALLOWED', { path: `settings.${key}` });
      }
    }
  }

  /** After a committed change: in-process listeners (caches of the app's settings) forget them. */
  private changed(
    accountId: string,
    row: repo.TInstallRow,
    change: TDomainEventMap['app.changed']['change'],
  ) {
    this.outbound.events.publish(accountId, 'app.changed', { installId: row.id, app: row.appKey, change });
  }

  async catalogue(accountId: string): Promise<TAppCatalogueItem[]> {
    const counts = new Map((await repo.countInstallsByApp(this.db, accountId)).map((r) => [r.appKey, r.n]));
    return APP_MANIFESTS.map((m) => ({
      key: m.key,
      icon: m.icon,
      category: m.category,
      scope: m.scope,
      multiple: m.multiple,
      fields: m.fields,
      events: m.events,
      ui: m.ui,
      testable: Boolean(m.test),
      installs: counts.get(m.key) ?? 0,
    }));
  }

  async installs(accountId: string): Promise<TAppInstall[]> {
    return (await repo.listInstallRows(this.db, accountId)).map(presentInstall);
  }

  /** The account's active install of an app (listeners ask before doing anything). */
  async activeInstall(accountId: string, app: TAppKey) {
    return (await repo.listInstallRows(this.db, accountId, app)).find((r) => r.status === 'active');
  }

  /** The account's active installs of an app (one that may be installed several times). */
  async activeInstalls(accountId: string, app: TAppKey) {
    return (await repo.listInstallRows(this.db, accountId, app)).filter((r) => r.status === 'active');
  }

  /** An install of `app` (any status), or APP_NOT_FOUND / WEBHOOKS_NOT_INSTALLED. */
  async installOf(accountId: string, app: TAppKey) {
    return (await repo.listInstallRows(this.db, accountId, app))[0];
  }

  /** Every setting, secrets opened (server-side use only: connection tests, API calls). */
  async settingsOf(accountId: string, installId: string): Promise<TSettings> {
    const row = await this.row(accountId, installId);
    return { ...row.settings, ...this.box.openJson(row.secrets) };
  }

  async install(accountId: string, userId: string, body: TInstallAppBody): Promise<TAppInstall> {
    const manifest = this.manifest(body.app);
    const { plain, secrets } = validateSettings(manifest, body.settings ?? {}, {});
    await this.checkOutboundUrls(manifest, plain);
    const started = new Date();
    const row = await repo.insertInstallRow(
      this.db,
      accountId,
      {
        appKey: manifest.key,
        name: body.name ?? '',
        settings: plain,
        secrets: this.box.sealJson(secrets),
        secretsSet: Object.keys(secrets),
        createdBy: userId || null,
      },
      !manifest.multiple,
    );
    if (row === 'exists') throw new AppError('APP_ALREADY_INSTALLED');
    await this.run(accountId, row, 'install', 'success', userId, 'installed', [], started);
    this.changed(accountId, row, 'installed');
    return presentInstall(row);
  }

  async configure(accountId: string, userId: string, id: string, body: TConfigureAppBody) {
    const current = await this.row(accountId, id);
    const manifest = this.manifest(current.appKey);
    const started = new Date();
    const { plain, secrets } = validateSettings(
      manifest,
      body.settings ?? {},
      this.box.openJson(current.secrets),
    );
    await this.checkOutboundUrls(manifest, plain);
    // Keys starting with '_' are the app's own state (an import cursor), not settings.
    const state = Object.fromEntries(Object.entries(current.settings).filter(([k]) => k.startsWith('_')));
    const row = await repo.updateInstallRow(this.db, accountId, id, {
      name: body.name ?? current.name,
      settings: { ...plain, ...state },
      secrets: this.box.sealJson(secrets),
      secretsSet: Object.keys(secrets),
    });
    if (!row) throw new AppError('APP_NOT_FOUND');
    const changed = Object.keys(body.settings ?? {}).filter((k) => body.settings?.[k] !== '');
    await this.run(
      accountId,
      row,
      'configure',
      'success',
      userId,
      'configured',
      [`fields: ${changed.join(', ') || '-'}`],
      started,
    );
    this.changed(accountId, row, 'configured');
    return presentInstall(row);
  }

  /** Tests the connection with the stored settings: a success or error run (errors count). */
  async test(accountId: string, userId: string, id: string): Promise<TAppRun> {
    const row = await this.row(accountId, id);
    const manifest = this.manifest(row.appKey);
    if (!manifest.test) throw new AppError('APP_NOT_TESTABLE');
    const started = new Date();
    const result = await manifest.test(await this.settingsOf(accountId, id), { fetch: this.outbound.fetch });
    const run = await this.run(
      accountId,
      row,
      'test',
      result.ok ? 'success' : 'error',
      userId,
      result.message,
      result.log,
      started,
    );
    await this.countOutcome(accountId, id, !result.ok);
    return run;
  }

  async setEnabled(accountId: string, userId: string, id: string, enabled: boolean) {
    await this.row(accountId, id);
    const row = await repo.updateInstallRow(this.db, accountId, id, {
      status: enabled ? 'active' : 'disabled',
      disabledReason: enabled ? null : 'by-user',
      ...(enabled ? { consecutiveErrors: 0 } : {}),
    });
    if (!row) throw new AppError('APP_NOT_FOUND');
    await this.run(
      accountId,
      row,
      enabled ? 'enable' : 'disable',
      'finished',
      userId,
      enabled ? 'enabled' : 'disabled',
      [],
    );
    this.changed(accountId, row, enabled ? 'enabled' : 'disabled');
    return presentInstall(row);
  }

  async uninstall(accountId: string, userId: string, id: string) {
    const row = await this.row(accountId, id);
    await this.run(
      accountId,
      null,
      'uninstall',
      'finished',
      userId,
      'uninstalled',
      [`install ${row.id}`],
      new Date(),
      row.appKey,
    );
    if (!(await repo.deleteInstallRow(this.db, accountId, id))) throw new AppError('APP_NOT_FOUND');
    this.changed(accountId, row, 'uninstalled');
  }

  async runs(accountId: string, filter: { app?: string; status?: string; page: number; limit: number }) {
    const { rows, count } = await repo.listRunRows(this.db, accountId, filter);
    return { items: rows.map(presentRun), count };
  }

  /** Records a run of an install (features of the app store: rotations, imports, auto-disable). */
  async record(
    accountId: string,
    installId: string,
    run: {
      action: TAppRunAction;
      status: TAppRunStatus;
      userId: string | null;
      message: string;
      log?: string[];
    },
  ) {
    const row = await this.row(accountId, installId);
    return this.run(accountId, row, run.action, run.status, run.userId, run.message, run.log ?? []);
  }

  /** A run that takes a while (an import): ongoing until finishRun. */
  async startRun(accountId: string, installId: string, action: TAppRunAction, userId: string | null) {
    const row = await this.row(accountId, installId);
    return this.run(accountId, row, action, 'ongoing', userId, 'started', []);
  }

  async finishRun(accountId: string, runId: string, status: TAppRunStatus, message: string, log: string[]) {
    const row = await repo.finishRunRow(this.db, accountId, runId, { status, message, log });
    return row ? presentRun(row) : null;
  }

  /** Keeps an app's own state (keys starting with '_', e.g. an import cursor) in its install. */
  async saveState(accountId: string, installId: string, state: Record<string, string>) {
    const row = await this.row(accountId, installId);
    await repo.updateInstallRow(this.db, accountId, installId, { settings: { ...row.settings, ...state } });
  }

  /**
   * Counts an error (or clears the count on success). At AUTO_DISABLE_AFTER errors in a row the
   * install is disabled, the history says so and the account's admins are e-mailed.
   */
  async countOutcome(accountId: string, installId: string, failed: boolean) {
    const row = await repo.bumpInstallErrors(this.db, accountId, installId, failed);
    if (!row || !failed || row.status !== 'active' || row.consecutiveErrors < AUTO_DISABLE_AFTER) return;
    const disabled = await repo.updateInstallRow(this.db, accountId, installId, {
      status: 'disabled',
      disabledReason: 'errors',
    });
    if (!disabled) return;
    this.changed(accountId, disabled, 'disabled');
    await this.run(accountId, disabled, 'auto-disable', 'error', null, 'disabled after repeated errors', [
      `${row.consecutiveErrors} errors in a row`,
    ]);
    const admins = (await this.accounts.members(accountId)).filter(
      (m) => m.acl === 'admin' || m.acl === 'master',
    );
    for (const admin of admins)
      await this.mailer.queue({
        to: admin.email,
        subject: `Atende: aplicativo desativado / app disabled (${row.appKey})`,
        text:
          `O aplicativo "${row.appKey}" foi desativado após ${row.consecutiveErrors} erros seguidos. ` +
          `Veja o histórico em /appstore/history e reative-o em /appstore.\n\n` +
          `The "${row.appKey}" app was disabled after ${row.consecutiveErrors} errors in a row. ` +
          'See the history at /appstore/history and enable it again at /appstore.',
      });
  }

  private async run(
    accountId: string,
    install: repo.TInstallRow | null,
    action: TAppRunAction,
    status: TAppRunStatus,
    userId: string | null,
    message: string,
    log: string[],
    startedAt = new Date(),
    appKey = install?.appKey ?? '',
  ): Promise<TAppRun> {
    const row = await repo.insertRunRow(this.db, accountId, {
      installId: install?.id ?? null,
      appKey,
      action,
      status,
      userId: userId || null,
      message,
      log,
      startedAt,
      finishedAt: status === 'ongoing' ? null : new Date(),
    });
    return presentRun(row);
  }

  private async row(accountId: string, id: string) {
    const row = await repo.findInstallRow(this.db, accountId, id);
    if (!row) throw new AppError('APP_NOT_FOUND');
    return row;
  }

  private manifest(key: string): TAppManifest {
    const manifest = manifestOf(key);
    if (!manifest) throw new AppError('APP_NOT_FOUND');
    return manifest;
  }
}
