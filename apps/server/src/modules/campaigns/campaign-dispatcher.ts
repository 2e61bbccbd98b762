import { CAMPAIGN_LIMITS } from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { inTransaction, withTenant } from '../../platform/db/tenant';
import type { DomainEvents } from '../../platform/events';
import { AppError } from '../../platform/errors';
import { GATE_EXPIRED, YieldGate } from '../../platform/yield-gate';
import type { Jobs } from '../../platform/jobs';
import type { ChannelRegistry } from '../../providers/channel-registry';
import type { ChannelsService } from '../channels/channels.service';
import { campaignOutbound, type TFrozenTemplate } from './campaign-render';
import type { CampaignProgress } from './campaign-progress';
import { msUntilWindow } from './campaign-window';
import { campaignFromSql, type TCampaignRow } from './campaigns.repo';
import { credit } from './sms-credit.repo';

export const DISPATCH_QUEUE = 'campaigns.dispatch';
export const SWEEP_QUEUE = 'campaigns.sweep';
export type TDispatchJob = { accountId: string; campaignId: string };

type TClaimed = { id: string; phone: string; variables: string[]; segments: number; attempts: number };
type TOutcome =
  | { id: string; kind: 'sent'; providerMessageId: string }
  | { id: string; kind: 'failed'; reason: string; segments: number }
  | { id: string; kind: 'retry'; reason: string; delayMs: number }
  | { id: string; kind: 'unknown' }
  /** Not sent by the batch's deadline: queued again as it was. */
  | { id: string; kind: 'unsent' };

/** A recipient whose send may have gone out but whose answer was lost (see the class comment). */
export const UNCONFIRMED = 'SEND_UNCONFIRMED';

/** Meta's codes that name a recipient who will not get the message (no retry). */
const FINAL_WHATSAPP = new Set([
  '131026',
  '131047',
  '131049',
  '131021',
  '131050',
  '131008',
  '131009',
  '132000',
  '132001',
]);
/** Throughput: slow down and try again later. */
const THROTTLED = new Set(['130429', '131048', '131056', '20429', '14107']);
const MAX_ATTEMPTS = 3;

/** A failure's reason: the catalogue's code when it says more than 'provider error', else the provider's code. */
const reasonOf = (code: string, providerCode: string | null) =>
  code !== 'CHANNEL_PROVIDER_ERROR' ? code : (providerCode ?? code);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * The durable campaign dispatcher (pg-boss queue campaigns.dispatch, one job per campaign slice):
 * - a slice holds the campaign's lease (one slice per campaign at a time, on any process; an
 *   expired lease — a dead process — is taken over by the next slice the sweep starts);
 * - it claims recipients in batches with FOR UPDATE SKIP LOCKED (queued → sending, committed
 *   before any send), so two processes never claim one recipient;
 * - exactly once without the provider's help: neither Meta's Cloud API nor Twilio's Messages API
 *   takes an idempotency key, so a send whose outcome is unknown is never repeated automatically.
 *   Decision: a recipient whose HTTP call timed out or lost its connection after the request went out (details.maybeSent),
 *   or that a dead process left in 'sending' for longer than `sendingLeaseMs`, becomes 'unknown'
 *   (reason SEND_UNCONFIRMED) instead of being queued again. It is settled by the message's
 *   status webhook — every send carries the recipient id (WhatsApp: biz_opaque_callback_data,
 *   which Meta echoes in the message's status webhooks; SMS: the status callback's address, to
 *   which Twilio posts them) even when we never learnt the message id — or, when
 *   no report ever comes, by the operator choosing to send the unconfirmed recipients again
 *   (CampaignsService.resendUnconfirmed), accepting that some may get the message twice. A
 *   missing report is not read as "not sent": webhooks can arrive hours late;
 * - a token bucket per sending number in the database (campaign_throttle) spaces the sends of
 *   every process at the campaign's rate (80/s WhatsApp Cloud by default); 130429 pushes the
 *   bucket back; final errors (131026, 131047, 131049…) fail the recipient; other errors retry;
 * - the inbox comes first: the process's sends in flight follow its event loop's load (YieldGate),
 *   so a dispatch alone runs flat out and one beside customers' messages takes what they leave.
 *   A batch has a deadline (its span at the rate plus `batchMs`): recipients not sent by then go
 *   back to 'queued' with their attempt given back, so a claimed row never waits at the gate
 *   long enough to be taken for a dead process's (the `sending` lease: deadline + the slowest
 *   call's timeout stays well inside it). A batch whose calls are slow can outlast the campaign
 *   lease: the sweep may then start a second slice beside it, which claims other rows only;
 * - pause and cancel are seen between batches (each at most one second of sends); a failure rate
 *   above CAMPAIGN_LIMITS.failureRateMax pauses the campaign with the reason FAILURE_RATE.
 */
export class CampaignDispatcher {
  leaseMs = 10_000;
  sendingLeaseMs = 30_000;
  sliceMs = 8_000;
  batchMax = 200;
  /** Sends of one batch in flight at once, at most. */
  concurrency = 32;
  /** A batch's sends start within this long after its claim and its span at the campaign's rate (see the class comment). */
  batchMs = 5_000;
  /** This process's sends in flight: fewer while its event loop is busy (the inbox comes first). */
  readonly gate = new YieldGate({ max: 32 });

  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    private readonly registry: () => ChannelRegistry,
    private readonly channels: ChannelsService,
    private readonly bus: DomainEvents,
    private readonly progress: CampaignProgress,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts (or continues) a campaign's dispatch, now or at `startAfter`. */
  async kick(accountId: string, campaignId: string, startAfter?: Date) {
    if (startAfter)
      await this.jobs.sendAfter<TDispatchJob>(DISPATCH_QUEUE, { accountId, campaignId }, startAfter);
    else await this.jobs.send<TDispatchJob>(DISPATCH_QUEUE, { accountId, campaignId });
  }

  /** Every campaign that should be running but has no live slice (after a crash, or a schedule). */
  async sweep() {
    const rows = rowsOf<{ id: string; account_id: string }>(
      await inTransaction(this.db, (tx) =>
        tx.execute(sql`
          select id, account_id from campaigns
          where (status = 'executing' or (status = 'waiting' and scheduled_at <= now())
                 or (status = 'canceled' and exists (select 1 from campaign_recipients r
                      where r.campaign_id = campaigns.id and r.status = 'queued')))
            and (lease_until is null or lease_until < now())`),
      ),
    );
    for (const r of rows) await this.kick(r.account_id, r.id);
  }

  async run(job: TDispatchJob) {
    const owner = newId();
    const campaign = await this.acquire(job, owner);
    if (!campaign) return;
    let next: Date | null = null;
    try {
      next = await this.slice(campaign, owner);
    } finally {
      await withTenant(this.db, job.accountId, (tx) =>
        tx.execute(sql`update campaigns set lease_owner = null, lease_until = null
                       where id = ${job.campaignId} and lease_owner = ${owner}`),
      );
      this.progress.notify(job.accountId, job.campaignId);
    }
    if (next) await this.later(job, next);
    // Resumed (or canceled) while this slice held the lease: that kick found it taken, so this
    // slice starts the next one.
    else if (await this.wantsSlice(job)) await this.kick(job.accountId, job.campaignId);
  }

  private async wantsSlice(job: TDispatchJob): Promise<boolean> {
    const [row] = rowsOf<{ status: string; queued: number }>(
      await withTenant(this.db, job.accountId, (tx) =>
        tx.execute(sql`select status, (select count(*)::int from campaign_recipients
                         where campaign_id = ${job.campaignId} and status = 'queued') as queued
                       from campaigns where id = ${job.campaignId}`),
      ),
    );
    return Boolean(
      row && Number(row.queued) > 0 && (row.status === 'executing' || row.status === 'canceled'),
    );
  }

  private async later(job: TDispatchJob, at: Date) {
    await this.kick(job.accountId, job.campaignId, at.getTime() > Date.now() + 50 ? at : undefined);
  }

  private async acquire(job: TDispatchJob, owner: string): Promise<TCampaignRow | null> {
    const [row] = rowsOf<Record<string, unknown>>(
      await withTenant(this.db, job.accountId, (tx) =>
        tx.execute(sql`
          update campaigns set lease_owner = ${owner}, lease_until = now() + ${`${this.leaseMs} milliseconds`}::interval
          where id = ${job.campaignId} and account_id = ${job.accountId}
            and status in ('waiting', 'executing', 'canceled')
            and (lease_until is null or lease_until < now())
          returning *`),
      ),
    );
    return row ? campaignFromSql(row) : null;
  }

  /** One slice: answers when the next one should run, or null when there is nothing more to do. */
  private async slice(campaign: TCampaignRow, owner: string): Promise<Date | null> {
    const { accountId, id } = campaign;
    await this.unconfirmStale(campaign);
    if (campaign.status === 'canceled') {
      await this.skipRest(campaign, 'CANCELED');
      return null;
    }
    if (campaign.status === 'waiting') {
      if (campaign.scheduledAt && campaign.scheduledAt.getTime() > Date.now() + 500)
        return campaign.scheduledAt;
      await withTenant(this.db, accountId, (tx) =>
        tx.execute(sql`update campaigns set status = 'executing', started_at = now(), updated_at = now()
                       where id = ${id} and status = 'waiting'`),
      );
    }
    const timezone = await this.timezoneOf(accountId);
    const wait = msUntilWindow(
      campaign.sendWindow as { start: string; end: string } | null,
      new Date(),
      timezone,
    );
    if (wait > 0) return new Date(Date.now() + wait);
    const channelRow = campaign.channelId
      ? await this.channels.row(accountId, campaign.channelId).catch(() => null)
      : null;
    if (channelRow?.status !== 'active') {
      await this.autoPause(campaign, 'CHANNEL_NOT_FOUND');
      return null;
    }
    const channel = this.channels.record(channelRow);
    const adapter = this.registry().get(channel.kind);
    const template = campaign.template as TFrozenTemplate | null;
    const until = Date.now() + this.sliceMs;
    while (Date.now() < until) {
      const { status, bucketAheadMs } = await this.statusOf(accountId, id, owner, channel.id);
      if (status === 'canceled') {
        await this.skipRest(campaign, 'CANCELED');
        return null;
      }
      if (status !== 'executing') return null;
      // The number's bucket is booked ahead (throttling pushed it back, or other processes'
      // batches): claiming now would hold recipients that cannot go out yet.
      if (bucketAheadMs > 1000) {
        await sleep(Math.min(bucketAheadMs - 500, until - Date.now()));
        continue;
      }
      const rate = Math.max(1, campaign.ratePerSecond);
      const claimed = await this.claim(campaign, Math.min(this.batchMax, rate));
      if (claimed.length === 0) return this.finishOrWait(campaign);
      const deadline = Date.now() + (claimed.length * 1000) / rate + this.batchMs;
      const start = await this.reserve(campaign, channel.id, claimed.length, rate);
      const outcomes: TOutcome[] = [];
      let cursor = 0;
      const worker = async () => {
        while (cursor < claimed.length) {
          const i = cursor++;
          const r = claimed[i];
          const slot = start + (i * 1000) / rate;
          if (slot >= deadline) {
            outcomes.push({ id: r.id, kind: 'unsent' });
            continue;
          }
          await sleep(slot - Date.now());
          const outcome = await this.gate.run(
            () => this.sendOne(adapter, channel, campaign, template, r),
            deadline,
          );
          outcomes.push(outcome === GATE_EXPIRED ? { id: r.id, kind: 'unsent' } : outcome);
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, claimed.length) }, worker));
      await this.record(campaign, outcomes);
      const throttled = outcomes.filter((o) => o.kind === 'retry' && o.reason === 'THROTTLED').length;
      if (throttled > 0) await this.pushBack(campaign, channel.id, 2000 * throttled);
      this.progress.notify(accountId, id);
      if (outcomes.some((o) => o.kind === 'failed') && (await this.failureRateExceeded(campaign))) {
        await this.autoPause(campaign, 'FAILURE_RATE');
        return null;
      }
    }
    return new Date();
  }

  private async sendOne(
    adapter: ReturnType<ChannelRegistry['get']>,
    channel: Parameters<ReturnType<ChannelRegistry['get']>['send']>[0],
    campaign: TCampaignRow,
    template: TFrozenTemplate | null,
    r: TClaimed,
  ): Promise<TOutcome> {
    try {
      const message = campaignOutbound(
        { type: campaign.type, template, text: campaign.text },
        r.phone,
        r.variables,
      );
      const sent = await adapter.send(channel, message, { idempotencyKey: r.id });
      return { id: r.id, kind: 'sent', providerMessageId: sent.providerMessageId };
    } catch (error) {
      const details = error instanceof AppError ? error.details : undefined;
      // The request may have reached the provider: never sent again on our own (see above).
      if (details?.maybeSent) return { id: r.id, kind: 'unknown' };
      const providerCode = details?.providerCode !== undefined ? String(details.providerCode) : null;
      const code = error instanceof AppError ? error.code : 'CHANNEL_PROVIDER_ERROR';
      if ((providerCode && THROTTLED.has(providerCode)) || details?.status === 429)
        return { id: r.id, kind: 'retry', reason: 'THROTTLED', delayMs: 2000 * 2 ** Math.min(r.attempts, 5) };
      if (
        (providerCode && FINAL_WHATSAPP.has(providerCode)) ||
        code === 'NUMBER_NOT_EXISTS' ||
        r.attempts >= MAX_ATTEMPTS
      )
        return { id: r.id, kind: 'failed', reason: reasonOf(code, providerCode), segments: r.segments };
      if (code === 'CHANNEL_NO_MEDIA' || code === 'VALIDATION_FAILED')
        return { id: r.id, kind: 'failed', reason: code, segments: r.segments };
      return { id: r.id, kind: 'retry', reason: providerCode ?? code, delayMs: 1000 * 2 ** r.attempts };
    }
  }

  /** The campaign's status (its lease renewed), and how far ahead its number's send bucket is booked. */
  private async statusOf(
    accountId: string,
    id: string,
    owner: string,
    channelId: string,
  ): Promise<{ status: string | null; bucketAheadMs: number }> {
    const [row] = rowsOf<{ status: string; ahead_ms: number | null }>(
      await withTenant(this.db, accountId, (tx) =>
        tx.execute(sql`
          update campaigns set lease_until = now() + ${`${this.leaseMs} milliseconds`}::interval
          where id = ${id} and lease_owner = ${owner}
          returning status, (select extract(epoch from (t.next_at - now())) * 1000
                             from campaign_throttle t where t.channel_id = ${channelId})::float8 as ahead_ms`),
      ),
    );
    return { status: row?.status ?? null, bucketAheadMs: Number(row?.ahead_ms ?? 0) };
  }

  /**
   * Recipients a dead process left in 'sending' (claimed more than `sendingLeaseMs` ago) may
   * have been sent: they become 'unknown', never claimed again (see the class comment).
   */
  private async unconfirmStale(campaign: TCampaignRow) {
    await withTenant(this.db, campaign.accountId, (tx) =>
      tx.execute(sql`
        update campaign_recipients set status = 'unknown', reason = ${UNCONFIRMED}
        where campaign_id = ${campaign.id} and account_id = ${campaign.accountId} and status = 'sending'
          and claimed_at < now() - ${`${this.sendingLeaseMs} milliseconds`}::interval`),
    );
  }

  /**
   * queued (due) recipients → sending, committed before any send. The pick is
   * a MATERIALIZED CTE: as `id in (select … limit n for update skip locked)` PostgreSQL may run
   * the subquery again per row and, skipping what it locked, claim far more than n.
   */
  private async claim(campaign: TCampaignRow, n: number): Promise<TClaimed[]> {
    const rows = rowsOf<{
      id: string;
      phone: string;
      variables: string[];
      segments: number;
      attempts: number;
    }>(
      await withTenant(this.db, campaign.accountId, (tx) =>
        tx.execute(sql`
          with picked as materialized (
            select id from campaign_recipients
            where campaign_id = ${campaign.id}
              and status = 'queued' and (next_attempt_at is null or next_attempt_at <= now())
            order by id
            limit ${n}
            for update skip locked)
          update campaign_recipients r set status = 'sending', claimed_at = now(), attempts = r.attempts + 1
          from picked where r.id = picked.id
          returning r.id, r.phone, r.variables, r.segments, r.attempts`),
      ),
    );
    return rows.map((r) => ({
      ...r,
      variables: r.variables ?? [],
      segments: Number(r.segments),
      attempts: Number(r.attempts),
    }));
  }

  /**
   * The batch's first send slot on this number: the bucket's next free instant (or now), moved on
   * by n/rate seconds — in one statement, so every process shares the number's rate. A bucket
   * less than half a second behind continues from where it was (the time spent between batches
   * is made up); an idle one starts from now.
   */
  private async reserve(campaign: TCampaignRow, channelId: string, n: number, rate: number): Promise<number> {
    const span = `${Math.ceil((n * 1000) / rate)} milliseconds`;
    const [row] = rowsOf<{ start: string }>(
      await withTenant(this.db, campaign.accountId, (tx) =>
        tx.execute(sql`
          insert into campaign_throttle as t (channel_id, account_id, next_at)
          values (${channelId}, ${campaign.accountId}, now() + ${span}::interval)
          on conflict (channel_id) do update
            set next_at = (case when t.next_at > now() - interval '500 milliseconds' then t.next_at else now() end)
                          + ${span}::interval
          returning (next_at - ${span}::interval) as start`),
      ),
    );
    return new Date(row.start).getTime();
  }

  private async pushBack(campaign: TCampaignRow, channelId: string, ms: number) {
    await withTenant(this.db, campaign.accountId, (tx) =>
      tx.execute(sql`update campaign_throttle set next_at = greatest(next_at, now()) + ${`${ms} milliseconds`}::interval
                     where channel_id = ${channelId}`),
    );
  }

  /**
   * Outcomes of a batch in one statement. Rows still 'sending' change, and 'unknown' ones too (a
   * slow batch's rows another slice marked unknown: this answer settles them, nobody else sends
   * them); rows a status webhook already moved on stay. Unsent rows are queued again with their
   * attempt given back. SMS failures are refunded.
   */
  private async record(campaign: TCampaignRow, outcomes: TOutcome[]) {
    if (outcomes.length === 0) return;
    const rows = outcomes.map((o) => ({
      id: o.id,
      kind: o.kind,
      pmid: o.kind === 'sent' ? o.providerMessageId : null,
      reason: o.kind === 'sent' || o.kind === 'unsent' ? null : o.kind === 'unknown' ? UNCONFIRMED : o.reason,
      delay: o.kind === 'retry' ? o.delayMs : 0,
    }));
    const refund = outcomes.reduce((n, o) => n + (o.kind === 'failed' ? o.segments : 0), 0);
    await withTenant(this.db, campaign.accountId, async (tx) => {
      await tx.execute(sql`
        update campaign_recipients r set
          status = case v.kind when 'sent' then 'sent' when 'failed' then 'failed'
                     when 'unknown' then 'unknown' else 'queued' end,
          attempts = case when v.kind = 'unsent' then greatest(r.attempts - 1, 0) else r.attempts end,
          provider_message_id = coalesce(v.pmid, r.provider_message_id),
          sent_at = case when v.kind = 'sent' then now() else r.sent_at end,
          failed_at = case when v.kind = 'failed' then now() else r.failed_at end,
          reason = case when v.kind = 'unsent' then r.reason else v.reason end,
          next_attempt_at = case when v.kind = 'retry' then now() + (v.delay || ' milliseconds')::interval else null end
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, kind text, pmid text, reason text, delay int)
        where r.id = v.id and r.account_id = ${campaign.accountId} and r.status in ('sending', 'unknown')`);
      if (campaign.type === 'sms' && refund > 0)
        await credit(tx, campaign.accountId, refund, { kind: 'refund', campaignId: campaign.id });
    });
  }

  private async failureRateExceeded(campaign: TCampaignRow): Promise<boolean> {
    const [row] = rowsOf<{ failed: number; attempted: number }>(
      await withTenant(this.db, campaign.accountId, (tx) =>
        tx.execute(sql`
          select count(*) filter (where status = 'failed')::int as failed,
                 count(*) filter (where status in ('sent', 'delivered', 'read', 'failed'))::int as attempted
          from campaign_recipients where campaign_id = ${campaign.id}`),
      ),
    );
    const attempted = Number(row?.attempted ?? 0);
    return (
      attempted >= CAMPAIGN_LIMITS.failureMinAttempts &&
      Number(row?.failed ?? 0) / attempted > CAMPAIGN_LIMITS.failureRateMax
    );
  }

  private async autoPause(campaign: TCampaignRow, reason: string) {
    await withTenant(this.db, campaign.accountId, (tx) =>
      tx.execute(sql`update campaigns set status = 'paused', pause_reason = ${reason}, updated_at = now()
                     where id = ${campaign.id} and status = 'executing'`),
    );
    this.log.warn({ campaignId: campaign.id, reason }, 'campaign paused');
  }

  /** Nothing claimable: finished when nothing is queued or in flight, else the next due instant. */
  private async finishOrWait(campaign: TCampaignRow): Promise<Date | null> {
    const [left] = rowsOf<{
      queued: number;
      sending: number;
      next_at: string | null;
      stale_at: string | null;
    }>(
      await withTenant(this.db, campaign.accountId, (tx) =>
        tx.execute(sql`
          select count(*) filter (where status = 'queued')::int as queued,
                 count(*) filter (where status = 'sending')::int as sending,
                 min(next_attempt_at) filter (where status = 'queued') as next_at,
                 min(claimed_at) filter (where status = 'sending') as stale_at
          from campaign_recipients where campaign_id = ${campaign.id}`),
      ),
    );
    if (Number(left.queued) > 0 && left.next_at) return new Date(left.next_at);
    if (Number(left.sending) > 0 && left.stale_at)
      return new Date(new Date(left.stale_at).getTime() + this.sendingLeaseMs + 100);
    const finished = await withTenant(this.db, campaign.accountId, async (tx) => {
      const done = rowsOf(
        await tx.execute(sql`update campaigns set status = 'finished', finished_at = now(), updated_at = now()
                             where id = ${campaign.id} and status = 'executing' returning id`),
      );
      if (done.length)
        await this.bus.emit(tx, campaign.accountId, 'campaign.finished', {
          campaignId: campaign.id,
          status: 'finished',
        });
      return done.length > 0;
    });
    if (finished) this.log.info({ campaignId: campaign.id }, 'campaign finished');
    return null;
  }

  /** A canceled campaign: what was not sent is skipped, and its SMS credit refunded. */
  private async skipRest(campaign: TCampaignRow, reason: string) {
    await withTenant(this.db, campaign.accountId, async (tx) => {
      const [row] = rowsOf<{ n: number; segments: number }>(
        await tx.execute(sql`
          with skipped as (
            update campaign_recipients set status = 'skipped', reason = ${reason}
            where campaign_id = ${campaign.id} and account_id = ${campaign.accountId} and status = 'queued'
            returning segments)
          select count(*)::int as n, coalesce(sum(segments), 0)::int as segments from skipped`),
      );
      if (campaign.type === 'sms' && Number(row?.segments) > 0)
        await credit(tx, campaign.accountId, Number(row.segments), {
          kind: 'refund',
          campaignId: campaign.id,
        });
      if (Number(row?.n) > 0)
        await this.bus.emit(tx, campaign.accountId, 'campaign.finished', {
          campaignId: campaign.id,
          status: 'canceled',
        });
    });
  }

  private async timezoneOf(accountId: string): Promise<string> {
    const [row] = rowsOf<{ timezone: string }>(
      await withTenant(this.db, accountId, (tx) =>
        tx.execute(sql`select timezone from accounts where id = ${accountId}`),
      ),
    );
    return row?.timezone ?? 'America/Sao_Paulo';
  }
}
