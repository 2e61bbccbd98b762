import type { TDashboardQuery, TLang } from '@atende/shared';
import { exportTable, type TExportFile } from '../../platform/export-file';
import type { TTenant } from '../../platform/tenancy';
import { assertCanDownload } from '../inbox/reports/statement.service';
import type { DashboardsService } from './dashboards.service';

type TTable = 'agents' | 'performance' | 'marketing' | 'days';

const HEADERS: Record<TTable, Record<TLang, string[]>> = {
  agents: {
    'pt-BR': [
      'Operador',
      'Abertas',
      'Finalizadas',
      'Mensagens enviadas',
      '1ª resposta mediana (s)',
      '1ª resposta p90 (s)',
      'Resolução mediana (s)',
      'Resolução p90 (s)',
      'Horas ativas',
      'Finalizadas por hora',
    ],
    en: [
      'Operator',
      'Opened',
      'Closed',
      'Messages sent',
      'First response median (s)',
      'First response p90 (s)',
      'Resolution median (s)',
      'Resolution p90 (s)',
      'Active hours',
      'Closed per hour',
    ],
  },
  performance: {
    'pt-BR': [
      'Canal',
      'Abertas',
      'Finalizadas',
      '1ª resposta mediana (s)',
      '1ª resposta p90 (s)',
      'Resolução mediana (s)',
      'Resolução p90 (s)',
    ],
    en: [
      'Channel',
      'Opened',
      'Closed',
      'First response median (s)',
      'First response p90 (s)',
      'Resolution median (s)',
      'Resolution p90 (s)',
    ],
  },
  marketing: {
    'pt-BR': ['Data', 'Novos contatos', 'Entradas em fase', 'Opt-outs'],
    en: ['Date', 'New contacts', 'Phase entries', 'Opt-outs'],
  },
  days: {
    'pt-BR': [
      'Data',
      'Abertas',
      'Finalizadas',
      'Mensagens recebidas',
      'Mensagens enviadas',
      '1ª resposta mediana (s)',
      'Resolução mediana (s)',
    ],
    en: [
      'Date',
      'Opened',
      'Closed',
      'Messages received',
      'Messages sent',
      'First response median (s)',
      'Resolution median (s)',
    ],
  },
};

const MANAGER_TABLES: TTable[] = ['agents', 'performance', 'marketing'];

/** A dashboard's table as CSV or xlsx, refused per the account's download blocks (spec §6). */
export class DashboardsExportService {
  constructor(private readonly dashboards: DashboardsService) {}

  /** Whether a role may export a table: the manager dashboards' tables need a manager. */
  static managerOnly(table: TTable): boolean {
    return MANAGER_TABLES.includes(table);
  }

  async export(
    tenant: TTenant,
    query: Pick<TDashboardQuery, 'filter' | 'from' | 'to'> & { table: TTable; format: 'csv' | 'xlsx' },
    lang: TLang,
  ): Promise<TExportFile> {
    assertCanDownload(tenant);
    const rows = await this.rows(tenant, query);
    const { p } = await this.dashboards.period(tenant, query);
    return exportTable<unknown[]>({
      format: query.format,
      name: `${query.table}-${p.from}-${p.to}`,
      sheet: query.table,
      headers: HEADERS[query.table][lang],
      batches: async function* () {
        yield rows;
      },
      cells: (row) => row,
    });
  }

  private async rows(
    tenant: TTenant,
    query: Pick<TDashboardQuery, 'filter' | 'from' | 'to'> & { table: TTable },
  ): Promise<unknown[][]> {
    const base = { filter: query.filter, from: query.from, to: query.to };
    switch (query.table) {
      case 'agents':
        return (await this.dashboards.agentRows(tenant, base)).map((r) => [
          r.name,
          r.opened,
          r.closed,
          r.messagesOut,
          r.firstResponse.median,
          r.firstResponse.p90,
          r.resolution.median,
          r.resolution.p90,
          r.activeHours,
          r.closedPerHour,
        ]);
      case 'performance':
        return (await this.dashboards.performance(tenant, base)).byChannel.map((r) => [
          r.name ?? '',
          r.opened,
          r.closed,
          r.firstResponse.wall.median,
          r.firstResponse.wall.p90,
          r.resolution.wall.median,
          r.resolution.wall.p90,
        ]);
      case 'marketing':
        return (await this.dashboards.marketing(tenant, base)).days.map((d) => [
          d.date,
          d.newContacts,
          d.phaseEntries,
          d.optOuts,
        ]);
      default:
        return (await this.dashboards.daysOf(tenant, base)).map((d) => [
          d.date,
          d.opened,
          d.closed,
          d.messagesIn,
          d.messagesOut,
          d.firstResponseMedian,
          d.resolutionMedian,
        ]);
    }
  }
}
