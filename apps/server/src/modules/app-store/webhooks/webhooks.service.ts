import {
  type TWebhookDelivery,
  type TWebhookDeliveryStatus,
  type TWebhookEndpoint,
  type TWebhookEndpointBody,
  WEBHOOK_LIMITS,
  ZWebhookEndpointBody,
} from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import { checkOutboundUrl, type TOutboundOptions } from '../../../platform/outbound-url';
import type { SecretBox } from '../../../platform/secret-box';
import type { AppsService } from '../catalogue/apps.service';
import type { WebhookDelivery } from './webhook-delivery';
import { newWebhookSecret } from './webhook-signature';
import * as repo from './webhooks.repo';

function presentEndpoint(row: repo.TEndpointRow, secret?: string): TWebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    ...(secret ? { secret } : {}),
    secretHint: '••••',
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDelivery(row: repo.TDeliveryRow): TWebhookDelivery {
  return {
    _id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    event: row.eventName,
    status: row.status as TWebhookDeliveryStatus,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    latencyMs: row.latencyMs,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    payload: row.payload,
  };
}

/**
 * The Webhooks app's endpoints: an admin adds URLs subscribed to chosen events, sees each one's
 * delivery log, replays a delivery and rotates the signing secret (the old one keeps signing for
 * 24 h, beside the new one). The secret is shown once, when made, and stored sealed.
 */
export class WebhooksService {
  constructor(
    private readonly db: TDb,
    private readonly box: SecretBox,
    private readonly apps: AppsService,
    private readonly delivery: WebhookDelivery,
    private readonly outbound: TOutboundOptions,
  ) {}

  /** The endpoint's URL must reach a public http(s) address (checked again at each delivery). */
  private async checkUrl(url: string) {
    try {
      await checkOutboundUrl(url, this.outbound);
    } catch {
      throw new AppError('URL_NOT_ALLOWED');
    }
  }

  async endpoints(accountId: string): Promise<TWebhookEndpoint[]> {
    return (await repo.listEndpointRows(this.db, accountId)).map((r) => presentEndpoint(r));
  }

  async create(
    accountId: string,
    body: TWebhookEndpointBody,
    userId: string | null = null,
  ): Promise<TWebhookEndpoint> {
    const install = await this.apps.installOf(accountId, 'webhooks');
    if (!install) throw new AppError('WEBHOOKS_NOT_INSTALLED');
    const input = ZWebhookEndpointBody.parse(body);
    await this.checkUrl(input.url);
    const secret = newWebhookSecret();
    const row = await repo.insertEndpointRow(
      this.db,
      accountId,
      { ...input, installId: install.id, secret: this.box.seal(secret) },
      WEBHOOK_LIMITS.endpointsMax,
    );
    if (row === 'limit') throw new AppError('WEBHOOK_ENDPOINTS_LIMIT_REACHED');
    await this.recordChange(accountId, row.installId, userId, 'endpoint added', row.url);
    return presentEndpoint(row, secret);
  }

  async update(
    accountId: string,
    id: string,
    body: TWebhookEndpointBody,
    userId: string | null = null,
  ): Promise<TWebhookEndpoint> {
    const input = ZWebhookEndpointBody.parse(body);
    await this.checkUrl(input.url);
    const row = await repo.updateEndpointRow(this.db, accountId, id, input);
    if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
    await this.recordChange(accountId, row.installId, userId, 'endpoint changed', row.url);
    return presentEndpoint(row);
  }

  async remove(accountId: string, id: string, userId: string | null = null) {
    const current = await this.endpoint(accountId, id);
    if (!(await repo.deleteEndpointRow(this.db, accountId, id)))
      throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
    await this.recordChange(accountId, current.installId, userId, 'endpoint removed', current.url);
  }

  /** The app history shows who added, changed or removed an endpoint (where the account's events go). */
  private recordChange(
    accountId: string,
    installId: string,
    userId: string | null,
    message: string,
    url: string,
  ) {
    return this.apps.record(accountId, installId, {
      action: 'configure',
      status: 'success',
      userId,
      message,
      log: [url],
    });
  }

  /** A new secret, shown once; the previous one still signs (second `v1=`) for 24 h. */
  async rotateSecret(accountId: string, userId: string, id: string): Promise<TWebhookEndpoint> {
    const current = await this.endpoint(accountId, id);
    const secret = newWebhookSecret();
    const row = await repo.updateEndpointRow(this.db, accountId, id, {
      secret: this.box.seal(secret),
      previousSecret: current.secret,
      previousSecretUntil: new Date(Date.now() + WEBHOOK_LIMITS.retryWindowHours * 3_600_000),
    });
    if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
    await this.apps.record(accountId, row.installId, {
      action: 'rotate-secret',
      status: 'success',
      userId,
      message: 'secret rotated',
      log: [row.url],
    });
    return presentEndpoint(row, secret);
  }

  async deliveries(
    accountId: string,
    endpointId: string,
    filter: { status?: string; page: number; limit: number },
  ) {
    await this.endpoint(accountId, endpointId);
    const { rows, count } = await repo.listDeliveryRows(this.db, accountId, endpointId, filter);
    return { items: rows.map(presentDelivery), count };
  }

  /**
   * Sends a delivery again now, whatever its state; a new 24 h retry window starts. The previous
   * attempt's answer goes (the log shows the replay pending, not beside an old "200"), and the
   * answer is the row as queued, with its body (kept once per event).
   */
  async replay(accountId: string, deliveryId: string): Promise<TWebhookDelivery> {
    const found = await repo.findDeliveryRow(this.db, accountId, deliveryId);
    if (!found) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
    const [queued] = await withTenant(this.db, accountId, (tx) =>
      repo.updateDeliveryRow(tx, accountId, deliveryId, {
        status: 'pending',
        nextAttemptAt: null,
        claimedUntil: null,
        firstAttemptAt: null,
        dueAt: sql`now()`,
        error: '',
        responseStatus: null,
        latencyMs: null,
        responseExcerpt: '',
        deliveredAt: null,
      }),
    );
    if (!queued) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
    this.delivery.due();
    return presentDelivery({ ...queued, payload: found.payload });
  }

  private async endpoint(accountId: string, id: string) {
    const row = await repo.findEndpointRow(this.db, accountId, id);
    if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
    return row;
  }
}
