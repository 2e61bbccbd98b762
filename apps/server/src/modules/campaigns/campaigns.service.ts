import {
  CAMPAIGN_LIMITS,
  campaignTextVariables,
  type TCampaign,
  type TCampaignBody,
  type TCampaignCounts,
  type TCampaignReview,
  type TCampaignStatus,
  type TLang,
  type TVariableSource,
} from '@atende/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { TTenant } from '../../platform/tenancy';
import { smsSegments } from '../../providers/sms/sms-segments';
import type { ChannelsService } from '../channels/channels.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { TemplatesService } from '../templates/templates.service';
import { readCampaignCsv } from './campaign-csv';
import {
  campaignMessageText,
  recipientVariables,
  type TFrozenTemplate,
  templateVariableCount,
} from './campaign-render';
import { recordFinishedCampaign, type TFinishedCampaign } from './campaign-history';
import { scheduleInstant } from './campaign-window';
import * as repo from './campaigns.repo';
import type { TCampaignRow } from './campaigns.repo';
import { balanceOf, debit } from './sms-credit.repo';

export interface TCampaignDeps {
  channels: ChannelsService;
  templates: TemplatesService;
  contacts: ContactsService;
  inboxSettings: InboxSettingsService;
}

const EMPTY_COUNTS: TCampaignCounts = {
  total: 0,
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  skipped: 0,
  unknown: 0,
  replied: 0,
};

export function countsOf(rows: repo.TCountsRow[]): TCampaignCounts {
  const counts = { ...EMPTY_COUNTS };
  for (const r of rows) {
    counts.total += r.n;
    counts.replied += r.replied;
    if (r.status in counts) counts[r.status as keyof TCampaignCounts] += r.n;
  }
  return counts;
}

export function presentCampaign(
  row: TCampaignRow,
  counts: TCampaignCounts,
  csvColumns: string[] = [],
): TCampaign {
  const template = row.template as TFrozenTemplate | null;
  return {
    _id: row.id,
    acc: row.accountId,
    type: row.type as TCampaign['type'],
    name: row.name,
    description: row.description,
    channelId: row.channelId,
    templateId: row.templateId,
    templateName: template?.name ?? null,
    text: row.text,
    mapping: row.mapping as TVariableSource[],
    status: row.status as TCampaignStatus,
    pauseReason: row.pauseReason,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    sendWindow: (row.sendWindow as TCampaign['sendWindow']) ?? null,
    consentAccepted: row.consentAcceptedAt !== null,
    csvName: row.csvName,
    csvColumns,
    counts,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The campaign wizard (spec §1: choose template, campaign data, contacts data, review and send):
 * a draft holds the data and the audience (CSV rows and/or contacts); start freezes each
 * recipient's variables and hands the campaign to the dispatcher.
 */
export class CampaignsService {
  constructor(
    private readonly db: TDb,
    private readonly deps: TCampaignDeps,
    private readonly kick: (accountId: string, campaignId: string, startAfter?: Date) => Promise<void>,
  ) {}

  /** A campaign that already ran, with its recipients' outcomes (the demo account's history). */
  recordFinished(input: TFinishedCampaign) {
    return recordFinishedCampaign(this.db, input);
  }

  async row(accountId: string, id: string): Promise<TCampaignRow> {
    const row = await repo.findCampaign(this.db, accountId, id);
    if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
    return row;
  }

  async get(accountId: string, id: string): Promise<TCampaign> {
    const row = await this.row(accountId, id);
    const counts = countsOf(await repo.countRecipients(this.db, accountId, [id]));
    const [sample] = await repo.sampleRecipients(this.db, accountId, id, 1);
    const columns = sample?.source === 'csv' ? Object.keys(sample.fields as object) : [];
    return presentCampaign(row, counts, columns);
  }

  async list(
    accountId: string,
    query: { status?: string; type?: string; search?: string; page: number; limit: number },
  ) {
    const { rows, total } = await repo.listCampaigns(
      this.db,
      accountId,
      query,
      query.limit,
      (query.page - 1) * query.limit,
    );
    const counts = await repo.countRecipients(
      this.db,
      accountId,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => presentCampaign(r, countsOf(counts.filter((c) => c.campaign_id === r.id)))),
      count: total,
    };
  }

  /** Checks the campaign data against the account, its channel and template; answers what to store. */
  private async dataOf(tenant: TTenant, body: TCampaignBody) {
    const accountId = tenant.accountId;
    if (body.type === 'sms' && !tenant.account.smsDispatchEnable) throw new AppError('CAMPAIGN_SMS_DISABLED');
    const channel = await this.deps.channels.row(accountId, body.channelId).catch(() => {
      throw new AppError('CAMPAIGN_CHANNEL_INVALID');
    });
    const kind = body.type === 'sms' ? 'sms' : 'whatsapp-cloud';
    if (channel.kind !== kind || channel.status !== 'active') throw new AppError('CAMPAIGN_CHANNEL_INVALID');
    let template: TFrozenTemplate | null = null;
    if (body.type === 'whatsapp' && body.templateId) {
      const t = await this.deps.templates.get(accountId, body.templateId, 'operator').catch(() => {
        throw new AppError('CAMPAIGN_TEMPLATE_REQUIRED');
      });
      if (t.channelId !== channel.id || t.status !== 'approved')
        throw new AppError('CAMPAIGN_TEMPLATE_REQUIRED');
      template = { id: t._id, name: t.name, language: t.language, header: t.header ?? null, body: t.body };
    }
    return {
      type: body.type,
      name: body.name,
      description: body.description,
      channelId: channel.id,
      templateId: template?.id ?? null,
      template,
      text: body.type === 'sms' ? body.text : null,
      mapping: body.mapping,
      scheduledAt: body.scheduledAt ? scheduleInstant(body.scheduledAt, tenant.account.timezone) : null,
      sendWindow: body.sendWindow,
      ratePerSecond: body.type === 'sms' ? CAMPAIGN_LIMITS.smsRate : CAMPAIGN_LIMITS.whatsappRate,
    };
  }

  async create(tenant: TTenant, body: TCampaignBody): Promise<TCampaign> {
    const data = await this.dataOf(tenant, body);
    const row = await repo.insertCampaign(this.db, {
      id: newId(),
      accountId: tenant.accountId,
      createdBy: tenant.userId || null,
      status: 'draft',
      ...data,
    });
    return presentCampaign(row, { ...EMPTY_COUNTS });
  }

  async update(tenant: TTenant, id: string, body: TCampaignBody): Promise<TCampaign> {
    const current = await this.row(tenant.accountId, id);
    if (current.status !== 'draft') throw new AppError('CAMPAIGN_NOT_DRAFT');
    const data = await this.dataOf(tenant, body);
    const row = await repo.updateCampaign(this.db, tenant.accountId, id, data, ['draft']);
    if (!row) throw new AppError('CAMPAIGN_NOT_DRAFT');
    return this.get(tenant.accountId, id);
  }

  private async draft(accountId: string, id: string) {
    const row = await this.row(accountId, id);
    if (row.status !== 'draft') throw new AppError('CAMPAIGN_NOT_DRAFT');
    return row;
  }

  /** The CSV audience (replaces an earlier CSV of the draft). */
  async uploadCsv(
    accountId: string,
    id: string,
    body: AsyncIterable<Buffer> | undefined,
    name: string,
    lang: TLang,
  ) {
    if (!/\.csv$/i.test(name)) throw new AppError('CAMPAIGN_CSV_INVALID');
    await this.draft(accountId, id);
    await repo.clearRecipients(this.db, accountId, id, 'csv');
    const result = await readCampaignCsv(body, lang, (rows) =>
      repo.insertRecipients(this.db, accountId, id, rows),
    );
    // Phones already in the campaign from the contacts count as duplicates too.
    const valid = result.total - result.invalid;
    const duplicates = valid - result.added;
    await this.setAudience(accountId, id, 'csv', { duplicates, invalid: result.invalid }, { csvName: name });
    return {
      added: result.added,
      duplicates,
      invalid: result.invalid,
      errors: result.errors,
      columns: result.columns,
    };
  }

  /** Contacts matching the list's filters (not opted out, not blocked) as recipients. */
  async addContacts(
    tenant: TTenant,
    id: string,
    filter: { search?: string; tags?: string[]; phase?: string },
  ) {
    await this.draft(tenant.accountId, id);
    await repo.clearRecipients(this.db, tenant.accountId, id, 'contacts');
    const where = await this.deps.contacts.whereOf(tenant, {
      ...filter,
      phase: filter.phase || undefined,
    } as never);
    const { added, matched } = await repo.insertContactRecipients(this.db, tenant.accountId, id, where);
    await this.setAudience(tenant.accountId, id, 'contacts', { duplicates: matched - added });
    return { added, duplicates: matched - added, invalid: 0, errors: [], columns: [] };
  }

  /** What one audience source left out (kept for the review). */
  private async setAudience(
    accountId: string,
    id: string,
    source: 'csv' | 'contacts',
    stats: { duplicates: number; invalid?: number },
    patch: { csvName?: string } = {},
  ) {
    const row = await this.row(accountId, id);
    await repo.updateCampaign(this.db, accountId, id, {
      ...patch,
      audience: { ...row.audience, [source]: stats },
    });
  }

  /**
   * Review (spec §1): sendable recipients, duplicates removed, opted out, and the invalid ones by
   * reason (CSV rows refused at upload, bad numbers, landlines for SMS, numbers known to have no
   * WhatsApp, blocked contacts) — counted by the server in one query (repo.countExclusions).
   */
  async review(tenant: TTenant, id: string): Promise<TCampaignReview> {
    const accountId = tenant.accountId;
    const row = await this.row(accountId, id);
    const excluded = await repo.countExclusions(this.db, accountId, row);
    const total = [...excluded.values()].reduce((a, b) => a + b, 0);
    const of = (reason: repo.TExclusion) => excluded.get(reason) ?? 0;
    const optedOut = of('OPTED_OUT');
    const invalidReasons = {
      csvRows: row.audience.csv?.invalid ?? 0,
      invalidPhone: of('INVALID_PHONE'),
      notMobile: of('NOT_MOBILE'),
      noWhatsapp: of('NO_WHATSAPP'),
      blocked: of('BLOCKED'),
    };
    const invalid = Object.values(invalidReasons).reduce((a, b) => a + b, 0);
    const duplicates = (row.audience.csv?.duplicates ?? 0) + (row.audience.contacts?.duplicates ?? 0);
    const sample = await repo.sampleRecipients(this.db, accountId, id, 3);
    const mapping = row.mapping as TVariableSource[];
    const preview = sample.map((r) => ({
      name: r.name,
      phone: r.phone,
      text: campaignMessageText(
        { type: row.type, template: row.template as TFrozenTemplate | null, text: row.text },
        (r.variables as string[] | null) ??
          recipientVariables(mapping, {
            name: r.name,
            phone: r.phone,
            fields: r.fields as Record<string, string>,
          }),
      ),
    }));
    const valid = total - optedOut - (invalid - invalidReasons.csvRows);
    const segments = row.type === 'sms' ? await this.segmentsOf(row, valid) : 0;
    return {
      valid,
      duplicates,
      optedOut,
      invalid,
      invalidReasons,
      preview,
      estimatedSeconds: Math.ceil(valid / Math.max(1, row.ratePerSecond)),
      segments,
      smsBalance: await withTenant(this.db, accountId, (tx) => balanceOf(tx, accountId)),
    };
  }

  /** SMS segments the campaign will take: exact once frozen, else from the first recipients' text. */
  private async segmentsOf(row: TCampaignRow, valid: number): Promise<number> {
    if (row.status !== 'draft') {
      const [r] = rowsOf<{ n: number }>(
        await withTenant(this.db, row.accountId, (tx) =>
          tx.execute(sql`select coalesce(sum(segments), 0)::int as n from campaign_recipients
                         where campaign_id = ${row.id} and status <> 'skipped'`),
        ),
      );
      return Number(r?.n ?? 0);
    }
    let total = 0;
    let after: string | null = null;
    const mapping = row.mapping as TVariableSource[];
    for (;;) {
      const page: repo.TRecipientRow[] = await withTenant(this.db, row.accountId, (tx) =>
        repo.recipientIdsAfter(tx, row.accountId, row.id, after, 5000),
      );
      if (page.length === 0) break;
      for (const r of page) {
        const values = recipientVariables(mapping, {
          name: r.name,
          phone: r.phone,
          fields: r.fields as Record<string, string>,
        });
        total += smsSegments(
          campaignMessageText({ type: 'sms', template: null, text: row.text }, values),
        ).segments;
      }
      after = page[page.length - 1].id;
    }
    return valid > 0 ? total : 0;
  }

  /**
   * Review and send: the consent terms accepted, a template (and every variable mapped) or a text,
   * recipients; SMS credit for every segment is taken now (refunded for sends that fail). Each
   * recipient's variables and text are frozen; excluded ones (opted out, blocked, invalid — see
   * repo.countExclusions) are skipped with their reason.
   */
  async start(tenant: TTenant, id: string, consentAccepted: boolean): Promise<TCampaign> {
    const accountId = tenant.accountId;
    const row = await this.draft(accountId, id);
    if (!consentAccepted) throw new AppError('CAMPAIGN_CONSENT_REQUIRED');
    const template = row.template as TFrozenTemplate | null;
    const mapping = row.mapping as TVariableSource[];
    if (row.type === 'whatsapp') {
      if (!template) throw new AppError('CAMPAIGN_TEMPLATE_REQUIRED');
      if (mapping.length !== templateVariableCount(template))
        throw new AppError('CAMPAIGN_MAPPING_INCOMPLETE');
    } else {
      if (!tenant.account.smsDispatchEnable) throw new AppError('CAMPAIGN_SMS_DISABLED');
      if (!row.text?.trim()) throw new AppError('CAMPAIGN_TEXT_REQUIRED');
      if (mapping.length < campaignTextVariables(row.text)) throw new AppError('CAMPAIGN_MAPPING_INCOMPLETE');
    }
    if (!row.channelId) throw new AppError('CAMPAIGN_CHANNEL_INVALID');
    const window =
      (row.sendWindow as { start: string; end: string } | null) ??
      (await this.deps.inboxSettings.get(accountId)).timeToSendAutomationAndCampaign ??
      null;
    const now = new Date();
    const later = row.scheduledAt && row.scheduledAt > now ? row.scheduledAt : null;
    await withTenant(this.db, accountId, async (tx) => {
      // Taken under the campaign's row lock: a second start waits, then finds it started.
      const [locked] = rowsOf<{ status: string }>(
        await tx.execute(
          sql`select status from campaigns where id = ${id} and account_id = ${accountId} for update`,
        ),
      );
      if (locked?.status !== 'draft') throw new AppError('CAMPAIGN_NOT_DRAFT');
      await repo.skipExcluded(tx, accountId, id, row.type);
      let segments = 0;
      let valid = 0;
      let after: string | null = null;
      for (;;) {
        const page: repo.TRecipientRow[] = await repo.recipientIdsAfter(tx, accountId, id, after, 2000);
        if (page.length === 0) break;
        const frozen = page.map((r) => {
          const variables = recipientVariables(mapping, {
            name: r.name,
            phone: r.phone,
            fields: r.fields as Record<string, string>,
          });
          const body = campaignMessageText({ type: row.type, template, text: row.text }, variables);
          const seg = row.type === 'sms' ? smsSegments(body).segments : 0;
          if (r.status !== 'skipped') {
            segments += seg;
            valid += 1;
          }
          return { id: r.id, variables, body, segments: seg };
        });
        await tx.execute(sql`
          update campaign_recipients r set variables = v.variables, body = v.body, segments = v.segments
          from jsonb_to_recordset(${JSON.stringify(frozen)}::jsonb) as v(id uuid, variables jsonb, body text, segments int)
          where r.id = v.id and r.account_id = ${accountId}`);
        after = page[page.length - 1].id;
      }
      if (valid === 0) throw new AppError('CAMPAIGN_NO_RECIPIENTS');
      if (row.type === 'sms' && segments > 0) {
        const left = await debit(tx, accountId, segments, { kind: 'debit', campaignId: id });
        if (left === null) throw new AppError('SMS_INSUFFICIENT_BALANCE');
      }
      await tx.execute(sql`
        update campaigns set status = ${later ? 'waiting' : 'executing'}, consent_accepted_at = now(),
          send_window = ${window ? JSON.stringify(window) : null}::jsonb,
          started_at = ${later ? null : now.toISOString()}::timestamptz, updated_at = now()
        where id = ${id} and account_id = ${accountId}`);
    });
    await this.kick(accountId, id, later ?? undefined);
    return this.get(accountId, id);
  }

  async pause(accountId: string, id: string): Promise<TCampaign> {
    const row = await repo.updateCampaign(
      this.db,
      accountId,
      id,
      { status: 'paused', pauseReason: 'manual' },
      ['waiting', 'executing'],
    );
    if (!row) throw await this.transitionError(accountId, id);
    return this.get(accountId, id);
  }

  async resume(accountId: string, id: string): Promise<TCampaign> {
    const row = await repo.updateCampaign(
      this.db,
      accountId,
      id,
      { status: 'executing', pauseReason: null, startedAt: new Date() },
      ['paused'],
    );
    if (!row) throw await this.transitionError(accountId, id);
    await this.kick(accountId, id);
    return this.get(accountId, id);
  }

  async cancel(accountId: string, id: string): Promise<TCampaign> {
    const row = await repo.updateCampaign(
      this.db,
      accountId,
      id,
      { status: 'canceled', finishedAt: new Date() },
      ['draft', 'waiting', 'executing', 'paused'],
    );
    if (!row) throw await this.transitionError(accountId, id);
    // What was not sent is skipped; its SMS credit goes back (the dispatcher refunds what it skips).
    await this.kick(accountId, id);
    return this.get(accountId, id);
  }

  /**
   * The operator's choice, and the only way a recipient whose send may have gone out is sent
   * again: its 'unknown' recipients (the provider's answer was lost and no status webhook settled
   * them) are queued again — the page warns that some may get the message twice. A finished
   * campaign runs again for them; a paused one sends them when resumed.
   */
  async resendUnconfirmed(accountId: string, id: string): Promise<TCampaign> {
    await this.row(accountId, id);
    const resend = await withTenant(this.db, accountId, async (tx) => {
      const [locked] = rowsOf<{ status: string }>(
        await tx.execute(
          sql`select status from campaigns where id = ${id} and account_id = ${accountId} for update`,
        ),
      );
      if (!locked || !['executing', 'paused', 'finished'].includes(locked.status))
        throw new AppError('CAMPAIGN_INVALID_TRANSITION');
      const requeued = rowsOf(
        await tx.execute(sql`
          update campaign_recipients set status = 'queued', reason = null, claimed_at = null, next_attempt_at = null
          where campaign_id = ${id} and account_id = ${accountId} and status = 'unknown'
          returning id`),
      );
      if (requeued.length > 0 && locked.status === 'finished')
        await tx.execute(sql`
          update campaigns set status = 'executing', finished_at = null, updated_at = now()
          where id = ${id} and account_id = ${accountId}`);
      return requeued.length > 0 && locked.status !== 'paused';
    });
    if (resend) await this.kick(accountId, id);
    return this.get(accountId, id);
  }

  /** A new draft with the same data and recipients (their states reset). */
  async duplicate(tenant: TTenant, id: string, lang: TLang): Promise<TCampaign> {
    const row = await this.row(tenant.accountId, id);
    const copyId = newId();
    await withTenant(this.db, tenant.accountId, async (tx) => {
      await tx.execute(sql`
        insert into campaigns (id, account_id, type, name, description, channel_id, template_id, template, text,
          mapping, status, send_window, csv_name, audience, rate_per_second, created_by)
        select ${copyId}, account_id, type, ${copyName(row.name, lang)}, description, channel_id, template_id,
          template, text, mapping, 'draft', send_window, csv_name, audience, rate_per_second, ${tenant.userId || null}
        from campaigns where id = ${id} and account_id = ${tenant.accountId}`);
      await tx.execute(sql`
        insert into campaign_recipients (id, account_id, campaign_id, phone, name, contact_id, source, line, fields)
        select gen_random_uuid(), account_id, ${copyId}, phone, name, contact_id, source, line, fields
        from campaign_recipients where campaign_id = ${id} and account_id = ${tenant.accountId}`);
    });
    return this.get(tenant.accountId, copyId);
  }

  private async transitionError(accountId: string, id: string) {
    await this.row(accountId, id);
    return new AppError('CAMPAIGN_INVALID_TRANSITION');
  }
}

function copyName(name: string, lang: TLang): string {
  const suffix = lang === 'en' ? ' (copy)' : ' (cópia)';
  return `${name.slice(0, CAMPAIGN_LIMITS.nameMax - suffix.length)}${suffix}`;
}
