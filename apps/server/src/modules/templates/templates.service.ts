import {
  hasRole,
  templateVariables,
  type TRole,
  type TTemplate,
  type TTemplateBody,
  type TTemplateCategory,
  type TTemplateStatus,
} from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TChannelRecord } from '../../providers/channel-adapter';
import type { TTemplateStatusEvent } from '../../providers/whatsapp-cloud/whatsapp-webhook';
import {
  templateStatusOf,
  type TTemplateContent,
  type WhatsAppTemplatesApi,
} from '../../providers/whatsapp-cloud/whatsapp-templates';
import type { TDb } from '../../platform/db/client';
import type { DomainEvents } from '../../platform/events';
import { newId } from '../../platform/db/columns';
import { changesOf } from '../activity-log/activity-changes';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { TActor } from '../../platform/request-context';
import { AppError } from '../../platform/errors';
import {
  applyProviderStatus,
  deleteTemplateRow,
  findTemplateRow,
  findWhatsAppChannel,
  insertTemplateRow,
  listTemplateRows,
  listWhatsAppChannels,
  templateNameTaken,
  type TTemplateRow,
  updateTemplateRow,
} from './templates.repo';

export function presentTemplate(row: TTemplateRow): TTemplate {
  return {
    _id: row.id,
    channelId: row.channelId,
    name: row.name,
    language: row.language,
    category: row.category as TTemplateCategory,
    header: row.header,
    body: row.body,
    footer: row.footer,
    buttons: row.buttons,
    examples: row.examples,
    variables: templateVariables(row.body),
    status: row.status as TTemplateStatus,
    providerTemplateId: row.providerTemplateId,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type TChannelRow = NonNullable<Awaited<ReturnType<typeof findWhatsAppChannel>>>;

function recordOf(row: TChannelRow): TChannelRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    kind: 'whatsapp-cloud',
    externalId: row.externalId,
    config: row.config,
    secrets: row.secrets,
  };
}

function contentOf(row: TTemplateRow): TTemplateContent {
  return { ...row, category: row.category };
}

/**
 * WhatsApp message templates: admins write them, submit them to Meta for review (resubmit after
 * a rejection or an edit), and their status follows Meta's (webhook field
 * 'message_template_status_update', or a sync). Operators see only approved templates (to send).
 */
export class TemplatesService {
  constructor(
    private readonly db: TDb,
    private readonly api: WhatsAppTemplatesApi,
    private readonly activity: ActivityLogService,
    private readonly log?: FastifyBaseLogger,
    /** `template.deleted` is emitted in the deleting transaction. */
    private readonly bus?: DomainEvents,
  ) {}

  async list(accountId: string, role: TRole, filter: { status?: TTemplateStatus; channelId?: string }) {
    const status = hasRole(role, 'admin') ? filter.status : 'approved';
    if (filter.status && filter.status !== status) return { items: [], count: 0 };
    const rows = await listTemplateRows(this.db, accountId, { ...filter, status });
    return { items: rows.map(presentTemplate), count: rows.length };
  }

  async get(accountId: string, id: string, role: TRole = 'admin'): Promise<TTemplate> {
    const row = await this.row(accountId, id);
    if (!hasRole(role, 'admin') && row.status !== 'approved') throw new AppError('TEMPLATE_NOT_FOUND');
    return presentTemplate(row);
  }

  async create(accountId: string, body: TTemplateBody, actor?: TActor): Promise<TTemplate> {
    await this.channel(accountId, body.channelId);
    const row = await insertTemplateRow(this.db, accountId, {
      id: newId(),
      ...fieldsOf(body),
      status: 'draft',
    });
    if (!row) throw new AppError('TEMPLATE_NAME_IN_USE');
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'template.created',
        target: row.name,
        details: { language: row.language },
      });
    return presentTemplate(row);
  }

  /**
   * Edits the content. A template Meta already knows keeps its channel, name and language (Meta
   * cannot rename) and goes back to 'draft' until it is resubmitted.
   */
  async update(accountId: string, id: string, body: TTemplateBody, actor?: TActor): Promise<TTemplate> {
    const current = await this.row(accountId, id);
    if (current.providerTemplateId) {
      const fixed = ['channelId', 'name', 'language'] as const;
      const changed = fixed.filter((k) => current[k] !== body[k]);
      if (changed.length > 0)
        throw AppError.validation(changed.map((path) => ({ path, key: 'invalid' as const })));
    } else {
      await this.channel(accountId, body.channelId);
      if (await templateNameTaken(this.db, accountId, body.channelId, body.name, body.language, id))
        throw new AppError('TEMPLATE_NAME_IN_USE');
    }
    const fields = fieldsOf(body);
    const row = await updateTemplateRow(this.db, accountId, id, { ...fields, status: 'draft' });
    if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'template.updated',
        target: row.name,
        details: { changes: changesOf(current, row, Object.keys(fields)) },
      });
    return presentTemplate(row);
  }

  async remove(accountId: string, id: string, actor?: TActor): Promise<void> {
    const row = await this.row(accountId, id);
    if (row.providerTemplateId) {
      const channel = await findWhatsAppChannel(this.db, accountId, row.channelId);
      // Removing it at Meta is best effort: the local template goes either way.
      if (channel)
        await this.api
          .remove(recordOf(channel), row.name, row.providerTemplateId)
          .catch((err) => this.log?.warn({ err, templateId: id }, 'template delete at provider failed'));
    }
    await deleteTemplateRow(this.db, accountId, id, (tx) =>
      this.bus ? this.bus.emit(tx, accountId, 'template.deleted', { templateId: id }) : Promise.resolve(),
    );
    if (actor) await this.activity.record(accountId, actor, { action: 'template.deleted', target: row.name });
  }

  /** Sends the template for review: created at Meta the first time, edited there afterwards. */
  async submit(accountId: string, id: string, actor?: TActor): Promise<TTemplate> {
    const row = await this.row(accountId, id);
    const channel = recordOf(await this.channel(accountId, row.channelId));
    let patch: Partial<TTemplateRow>;
    if (row.providerTemplateId) {
      await this.api.resubmit(channel, row.providerTemplateId, contentOf(row));
      patch = { status: 'pending' };
    } else {
      const created = await this.api.submit(channel, contentOf(row));
      patch = { providerTemplateId: created.id, status: created.status };
    }
    const updated = await updateTemplateRow(this.db, accountId, id, {
      ...patch,
      rejectionReason: null,
      submittedAt: new Date(),
    });
    if (!updated) throw new AppError('TEMPLATE_NOT_FOUND');
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'template.submitted',
        target: updated.name,
        details: { status: updated.status },
      });
    return presentTemplate(updated);
  }

  resubmit(accountId: string, id: string, actor?: TActor): Promise<TTemplate> {
    return this.submit(accountId, id, actor);
  }

  /** Reads every submitted template's status from Meta (one WhatsApp channel, or all of them). */
  async sync(accountId: string, channelId?: string) {
    const channels = channelId
      ? [await this.channel(accountId, channelId)]
      : await listWhatsAppChannels(this.db, accountId);
    for (const channel of channels) {
      const remote = await this.api.list(recordOf(channel));
      for (const t of remote) {
        const status = templateStatusOf(t.status);
        const reason = status === 'rejected' ? (t.rejectedReason ?? t.status) : null;
        const byId = await applyProviderStatus(
          this.db,
          accountId,
          channel.id,
          { providerTemplateId: t.id },
          status,
          reason,
        );
        if (byId.length === 0) {
          await applyProviderStatus(
            this.db,
            accountId,
            channel.id,
            { name: t.name, language: t.language },
            status,
            reason,
          );
        }
      }
    }
    return this.list(accountId, 'admin', channelId ? { channelId } : {});
  }

  /** The 'message_template_status_update' webhook of a channel. */
  async applyStatusEvents(channel: TChannelRecord, events: TTemplateStatusEvent[]): Promise<void> {
    for (const e of events) {
      const status = templateStatusOf(e.event);
      const reason = status === 'rejected' ? (e.reason && e.reason !== 'NONE' ? e.reason : e.event) : null;
      await applyProviderStatus(
        this.db,
        channel.accountId,
        channel.id,
        { providerTemplateId: e.providerTemplateId },
        status,
        reason,
      );
    }
  }

  private async row(accountId: string, id: string): Promise<TTemplateRow> {
    const row = await findTemplateRow(this.db, accountId, id);
    if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
    return row;
  }

  private async channel(accountId: string, channelId: string): Promise<TChannelRow> {
    const channel = await findWhatsAppChannel(this.db, accountId, channelId);
    if (!channel) throw new AppError('CHANNEL_NOT_FOUND');
    return channel;
  }
}

function fieldsOf(body: TTemplateBody) {
  return {
    channelId: body.channelId,
    name: body.name,
    language: body.language,
    category: body.category,
    header: body.header ?? null,
    body: body.body,
    footer: body.footer ?? null,
    buttons: body.buttons,
    examples: body.examples,
  };
}
