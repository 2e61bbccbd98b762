import type { TCampaignRecipient, TLang, TRecipientStatus } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import { exportTable } from '../../platform/export-file';
import * as repo from './campaigns.repo';

const HEADERS: Record<TLang, string[]> = {
  'pt-BR': ['Nome', 'Telefone', 'Status', 'Motivo', 'Enviada em', 'Entregue em', 'Lida em', 'Respondida em'],
  en: ['Name', 'Phone', 'Status', 'Reason', 'Sent at', 'Delivered at', 'Read at', 'Replied at'],
};
const STATUS_TEXT: Record<TLang, Record<string, string>> = {
  'pt-BR': {
    queued: 'Na fila',
    sending: 'Enviando',
    sent: 'Enviada',
    delivered: 'Entregue',
    read: 'Lida',
    failed: 'Falhou',
    skipped: 'Ignorada',
    unknown: 'Não confirmada',
  },
  en: {
    queued: 'Queued',
    sending: 'Sending',
    sent: 'Sent',
    delivered: 'Delivered',
    read: 'Read',
    failed: 'Failed',
    skipped: 'Skipped',
    unknown: 'Unconfirmed',
  },
};

function present(r: repo.TRecipientRow): TCampaignRecipient {
  return {
    _id: r.id,
    name: r.name,
    phone: r.phone,
    status: r.status as TRecipientStatus,
    reason: r.reason,
    text: r.body,
    sentAt: r.sentAt?.toISOString() ?? null,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    readAt: r.readAt?.toISOString() ?? null,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    conversationId: r.conversationId,
  };
}

/** The campaign page's recipients (search, status), failures by reason, and the export. */
export class CampaignReportsService {
  constructor(private readonly db: TDb) {}

  private async exists(accountId: string, id: string) {
    if (!(await repo.findCampaign(this.db, accountId, id))) throw new AppError('CAMPAIGN_NOT_FOUND');
  }

  async recipients(
    accountId: string,
    id: string,
    query: { search?: string; status?: string; page: number; limit: number },
  ) {
    await this.exists(accountId, id);
    const { rows, total } = await repo.listRecipients(
      this.db,
      accountId,
      id,
      query,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return { items: rows.map(present), count: total };
  }

  async failures(accountId: string, id: string) {
    await this.exists(accountId, id);
    return (await repo.failureReasons(this.db, accountId, id)).map((r) => ({
      status: r.status,
      reason: r.reason,
      count: Number(r.count),
    }));
  }

  async export(accountId: string, id: string, format: 'csv' | 'xlsx', lang: TLang) {
    const campaign = await repo.findCampaign(this.db, accountId, id);
    if (!campaign) throw new AppError('CAMPAIGN_NOT_FOUND');
    const db = this.db;
    return exportTable<repo.TRecipientRow>({
      format,
      name: `campaign-${campaign.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 60)}`,
      sheet: lang === 'en' ? 'Recipients' : 'Destinatários',
      headers: HEADERS[lang],
      async *batches() {
        let after: string | null = null;
        for (;;) {
          const page: repo.TRecipientRow[] = await withTenant(db, accountId, (tx) =>
            repo.recipientIdsAfter(tx, accountId, id, after, 2000),
          );
          if (page.length === 0) return;
          yield page;
          after = page[page.length - 1].id;
        }
      },
      cells: (r) => [
        r.name,
        r.phone,
        STATUS_TEXT[lang][r.status] ?? r.status,
        r.reason ?? '',
        r.sentAt,
        r.deliveredAt,
        r.readAt,
        r.repliedAt,
      ],
    });
  }
}
