import { hasRole, type TChannelKind, type TLang, type TStatement, type TStatementRow } from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import type { TTenant } from '../../../platform/tenancy';
import { localMidnight } from '../../../platform/local-dates';
import { exportTable, type TExportFile } from '../../../platform/export-file';
import { statementPage, statementRows, type TStatementDbRow } from './statement.repo';

const HEADERS: Record<TLang, string[]> = {
  'pt-BR': ['Data', 'Contato', 'Telefone', 'Canal', 'Operador', 'Etapa', 'Contabilizada'],
  en: ['Date', 'Contact', 'Phone', 'Channel', 'Operator', 'Stage', 'Counted'],
};
const YES_NO: Record<TLang, [string, string]> = { 'pt-BR': ['Sim', 'Não'], en: ['Yes', 'No'] };

export type TDownload = TExportFile;

/**
 * Downloads follow the account's blocks (spec §6, as the contacts export): blockDownloadExcel
 * refuses every role below admin, restrictReportDownload managers and below: FUNCTION_UNAVAILABLE.
 */
export function assertCanDownload(tenant: Pick<TTenant, 'role' | 'account'>): void {
  const { blockDownloadExcel, restrictReportDownload } = tenant.account;
  if ((blockDownloadExcel || restrictReportDownload) && !hasRole(tenant.role, 'admin'))
    throw new AppError('FUNCTION_UNAVAILABLE');
}

/** The period [from, to] (local dates, inclusive) as instants in the account's time zone. */
function rangeOf(from: string, to: string, tz: string) {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  const start = localMidnight(fy, fm, fd, tz);
  const end = localMidnight(ty, tm, td + 1, tz);
  if (end <= start) throw AppError.validation([{ path: 'to', key: 'invalid' }]);
  return { from: start, to: end, tz };
}

function present(r: TStatementDbRow): TStatementRow {
  return {
    _id: r.id,
    date: r.local_date,
    createdAt: new Date(r.created_at).toISOString(),
    contact: { _id: r.contact_id, name: r.contact_name, phone: r.contact_phone },
    channel: r.channel_id
      ? { _id: r.channel_id, kind: r.channel_kind as TChannelKind, name: r.channel_name ?? '' }
      : null,
    operator: r.operator_id ? { _id: r.operator_id, name: r.operator_name ?? '' } : null,
    stage: r.stage as TStatementRow['stage'],
    counted: r.counted,
  };
}

/** The conversation statement (extrato): conversations counted against the plan in a period. */
export class StatementService {
  constructor(private readonly db: TDb) {}

  async statement(
    tenant: TTenant,
    query: { from: string; to: string; page: number; limit: number },
  ): Promise<TStatement> {
    const range = rangeOf(query.from, query.to, tenant.account.timezone);
    const { items, days } = await statementPage(
      this.db,
      tenant.accountId,
      range,
      query.limit,
      (query.page - 1) * query.limit,
    );
    const totals = {
      counted: days.reduce((n, d) => n + Number(d.counted), 0),
      notCounted: days.reduce((n, d) => n + Number(d.not_counted), 0),
      days: days.map((d) => ({
        date: d.date,
        counted: Number(d.counted),
        notCounted: Number(d.not_counted),
      })),
    };
    return { items: items.map(present), count: totals.counted + totals.notCounted, totals };
  }

  async export(
    tenant: TTenant,
    query: { from: string; to: string; format: 'csv' | 'xlsx' },
    lang: TLang,
  ): Promise<TDownload> {
    assertCanDownload(tenant);
    const range = rangeOf(query.from, query.to, tenant.account.timezone);
    const [yes, no] = YES_NO[lang];
    const cells = (r: TStatementDbRow) => [
      r.local_date,
      r.contact_name,
      r.contact_phone ?? '',
      r.channel_name ?? '',
      r.operator_name ?? '',
      r.stage,
      r.counted ? yes : no,
    ];
    return exportTable({
      format: query.format,
      name: `statement-${query.from}_${query.to}`,
      sheet: lang === 'en' ? 'Statement' : 'Extrato',
      headers: HEADERS[lang],
      batches: () => statementRows(this.db, tenant.accountId, range),
      cells,
    });
  }
}
