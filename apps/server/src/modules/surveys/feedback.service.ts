import {
  csatScore,
  hasRole,
  npsScore,
  responseRate,
  type TFeedbackGroup,
  type TFeedbackQuery,
  type TFeedbackReport,
  type TLang,
  type TVerbatim,
  type TVerbatimsQuery,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { exportTable, type TExportFile } from '../../platform/export-file';
import { dateFilterRange } from '../../platform/local-dates';
import type { TTenant } from '../../platform/tenancy';
import {
  exportRows,
  feedbackData,
  type TCounts,
  type TExportRow,
  type TFeedbackFilter,
  verbatimsPage,
} from './feedback.repo';

const HEADERS: Record<TLang, string[]> = {
  'pt-BR': ['Data', 'Contato', 'Canal', 'Operador', 'Departamento', 'Situação', 'CSAT', 'NPS', 'Comentário'],
  en: ['Date', 'Contact', 'Channel', 'Operator', 'Department', 'Status', 'CSAT', 'NPS', 'Comment'],
};
const STATUS: Record<TLang, Record<string, string>> = {
  'pt-BR': {
    sent: 'Aguardando resposta',
    answered: 'Respondida',
    expired: 'Expirada',
    window_closed: 'Não enviada: janela de 24 h fechada',
    not_sent: 'Não enviada',
  },
  en: {
    sent: 'Waiting for the answer',
    answered: 'Answered',
    expired: 'Expired',
    window_closed: 'Not sent: 24-hour window closed',
    not_sent: 'Not sent',
  },
};

/**
 * Report downloads (spec §6): restrictReportDownload refuses managers (and below), as the
 * blockDownloadExcel flag does: 'Function unavailable. Contact an administrator for more information.'
 */
export function assertCanDownloadReport(tenant: Pick<TTenant, 'role' | 'account'>): void {
  const { blockDownloadExcel, restrictReportDownload } = tenant.account;
  if ((blockDownloadExcel || restrictReportDownload) && !hasRole(tenant.role, 'admin'))
    throw new AppError('FUNCTION_UNAVAILABLE');
}

function groupOf(r: TCounts & { key: string; name: string | null }): TFeedbackGroup {
  return {
    key: r.key,
    name: r.name ?? r.key,
    sent: r.sent,
    answered: r.answered,
    csat: csatScore({ answers: r.csat_answers, satisfied: r.csat_satisfied }),
    nps: npsScore(r),
  };
}

/** The feedback page (/apps/feedback): NPS, CSAT, response rate, trend, groups, verbatims, export. */
export class FeedbackService {
  constructor(private readonly db: TDb) {}

  private filterOf(tenant: TTenant, query: TFeedbackQuery, now = new Date()): TFeedbackFilter {
    return { range: dateFilterRange(query.dateFilter, tenant.account.timezone, now), query };
  }

  async report(tenant: TTenant, query: TFeedbackQuery, now = new Date()): Promise<TFeedbackReport> {
    const unit = ['all', 'thisYear', 'lastYear'].includes(query.dateFilter) ? 'month' : 'day';
    const data = await feedbackData(
      this.db,
      tenant.accountId,
      this.filterOf(tenant, query, now),
      tenant.account.timezone,
      unit,
    );
    const t = data.totals;
    const dist = (metric: 'csat' | 'nps', scores: number[]) =>
      scores.map((score) => ({
        score,
        count: data.distribution.find((d) => d.metric === metric && Number(d.score) === score)?.count ?? 0,
      }));
    return {
      sent: t.sent,
      answered: t.answered,
      notSent: t.not_sent,
      responseRate: responseRate(t.sent, t.answered),
      csat: {
        answers: t.csat_answers,
        satisfied: t.csat_satisfied,
        score: csatScore({ answers: t.csat_answers, satisfied: t.csat_satisfied }),
        distribution: dist('csat', [1, 2, 3, 4, 5]),
      },
      nps: {
        answers: t.promoters + t.passives + t.detractors,
        promoters: t.promoters,
        passives: t.passives,
        detractors: t.detractors,
        score: npsScore(t),
        distribution: dist('nps', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      },
      trendUnit: unit,
      trend: data.trend.map((r) => ({
        period: r.period,
        answers: r.answered,
        csat: csatScore({ answers: r.csat_answers, satisfied: r.csat_satisfied }),
        nps: npsScore(r),
      })),
      byOperator: data.byOperator.map(groupOf),
      byDepartment: data.byDepartment.map(groupOf),
      byChannel: data.byChannel.map(groupOf),
      byTag: data.byTag.map(groupOf),
    };
  }

  async verbatims(tenant: TTenant, query: TVerbatimsQuery): Promise<{ items: TVerbatim[]; count: number }> {
    const { items, count } = await verbatimsPage(
      this.db,
      tenant.accountId,
      this.filterOf(tenant, query),
      query.search,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return {
      count,
      items: items.map((r) => ({
        _id: r.id,
        conversationId: r.conversation_id,
        contact: { _id: r.contact_id, name: r.contact_name ?? '' },
        operator: r.operator_id ? { _id: r.operator_id, name: r.operator_name ?? '' } : null,
        channelKind: r.channel_kind,
        csat: r.csat,
        nps: r.nps,
        comment: r.comment,
        answeredAt: new Date(r.answered_at).toISOString(),
      })),
    };
  }

  async export(
    tenant: TTenant,
    query: TFeedbackQuery & { format: 'csv' | 'xlsx' },
    lang: TLang,
  ): Promise<TExportFile> {
    assertCanDownloadReport(tenant);
    const filter = this.filterOf(tenant, query);
    const status = STATUS[lang];
    const cells = (r: TExportRow) => {
      const expired = r.status === 'sent' && r.expires_at && new Date(r.expires_at).getTime() <= Date.now();
      const state = expired
        ? 'expired'
        : r.status === 'not_sent'
          ? (r.not_sent_reason ?? 'not_sent')
          : r.status;
      return [
        new Date(r.created_at),
        r.contact_name ?? '',
        r.channel_kind ?? '',
        r.operator_name ?? '',
        r.department_id ?? '',
        status[state] ?? status.not_sent,
        r.csat ?? '',
        r.nps ?? '',
        r.comment ?? '',
      ];
    };
    return exportTable({
      format: query.format,
      name: `feedback-${query.dateFilter}`,
      sheet: lang === 'en' ? 'Feedback' : 'Avaliações',
      headers: HEADERS[lang],
      batches: () => exportRows(this.db, tenant.accountId, filter),
      cells,
    });
  }
}
