import type { TContactFilter, TLang } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { TTenant } from '../../platform/tenancy';
import { listPhases } from './contact-phases.repo';
import { listTags } from './contact-tags.repo';
import { findContactIdsAfter, findContactsByIds, type TContactRow } from './contacts.repo';
import type { ContactsService } from './contacts.service';
import { assertCanExport } from './contacts-access';
import { exportTable, type TExportFile } from '../../platform/export-file';

const BATCH = 1000;
const HEADERS: Record<TLang, string[]> = {
  'pt-BR': [
    'Nome',
    'E-mail',
    'Telefone',
    'Fase',
    'Etiquetas',
    'Tipo',
    'Status',
    'Bloqueado',
    'Opt-out',
    'Origem',
    'Criado em',
    'Campos personalizados',
  ],
  en: [
    'Name',
    'E-mail',
    'Phone',
    'Phase',
    'Tags',
    'Type',
    'Status',
    'Blocked',
    'Opt-out',
    'Source',
    'Created at',
    'Custom fields',
  ],
};
const YES_NO: Record<TLang, [string, string]> = { 'pt-BR': ['Sim', 'Não'], en: ['Yes', 'No'] };

/** Export of the current list filter as xlsx or CSV, streamed in keyset batches of 1000 rows. */
export class ContactExportService {
  constructor(
    private readonly db: TDb,
    private readonly contacts: ContactsService,
  ) {}

  async export(
    tenant: TTenant,
    filter: TContactFilter,
    format: 'csv' | 'xlsx',
    lang: TLang,
  ): Promise<TExportFile> {
    assertCanExport(tenant);
    const { accountId } = tenant;
    const where = await this.contacts.whereOf(tenant, filter);
    const phases = new Map((await listPhases(this.db, accountId)).map((p) => [p.id, p.name]));
    const tags = new Map((await listTags(this.db, accountId)).map((t) => [t.id, t.name]));
    const [yes, no] = YES_NO[lang];
    const cells = (c: TContactRow) => [
      c.name,
      c.email ?? '',
      c.phone ?? '',
      (c.phaseId && phases.get(c.phaseId)) ?? '',
      c.tags
        .map((t) => tags.get(t) ?? '')
        .filter(Boolean)
        .join(', '),
      c.type,
      c.status,
      c.blocked ? yes : no,
      c.optOut ? yes : no,
      c.source,
      c.createdAt,
      Object.keys(c.customFields).length ? JSON.stringify(c.customFields) : '',
    ];
    const db = this.db;
    async function* batches() {
      let after: { createdAt: string; id: string } | null = null;
      for (;;) {
        const page = await findContactIdsAfter(db, where, after, BATCH);
        if (page.length === 0) return;
        yield await findContactsByIds(
          db,
          accountId,
          page.map((p) => p.id),
        );
        if (page.length < BATCH) return;
        after = page[page.length - 1];
      }
    }
    return exportTable({
      format,
      name: `contacts-${new Date().toISOString().slice(0, 10)}`,
      sheet: lang === 'en' ? 'Contacts' : 'Contatos',
      headers: HEADERS[lang],
      batches,
      cells,
    });
  }
}
