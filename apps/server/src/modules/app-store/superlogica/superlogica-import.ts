import { ZContactData } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../platform/errors';
import type { Jobs } from '../../../platform/jobs';
import type { ContactsService } from '../../contacts/contacts.service';
import { OutboundUrlError, type TOutboundFetch } from '../../../platform/outbound-url';
import type { AppsService } from '../catalogue/apps.service';
import { listSuperlogicaCustomers, type TSuperlogicaCustomer } from './superlogica-client';

const QUEUE = 'app-store.superlogica-import';
const PER_PAGE = 50;
const MAX_PAGES = 400;

interface TImportJob {
  accountId: string;
  installId: string;
  runId: string;
}

/**
 * Superlógica customers → contacts, incrementally: each import creates the customers whose id is
 * above the last one imported (kept as the install's `_cursor`), as contacts through the contacts
 * service (custom field superlogica_id). A job runs it; the history shows it ongoing, then
 * finished (with counts) or error.
 */
export class SuperlogicaImport {
  constructor(
    private readonly apps: AppsService,
    private readonly contacts: ContactsService,
    private readonly jobs: Jobs,
    private readonly log: FastifyBaseLogger,
    private readonly fetchImpl: TOutboundFetch,
  ) {
    jobs.register<TImportJob>(QUEUE, (job) => this.run(job));
  }

  /** Starts an import of the account's Superlógica install: its ongoing run. */
  async start(accountId: string, userId: string) {
    const install = await this.apps.activeInstall(accountId, 'superlogica');
    if (!install) throw new AppError('APP_NOT_FOUND');
    const run = await this.apps.startRun(accountId, install.id, 'import', userId);
    await this.jobs.send<TImportJob>(QUEUE, { accountId, installId: install.id, runId: run._id });
    return run;
  }

  async run({ accountId, installId, runId }: TImportJob) {
    const log: string[] = [];
    try {
      const settings = await this.apps.settingsOf(accountId, installId);
      const credentials = {
        apiBase: String(settings.apiBase),
        appToken: String(settings.appToken),
        accessToken: String(settings.accessToken),
      };
      const cursor = Number(settings._cursor ?? 0);
      let highest = cursor;
      let imported = 0;
      let skipped = 0;
      for (let page = 1; page <= MAX_PAGES; page++) {
        const customers = await listSuperlogicaCustomers(credentials, page, PER_PAGE, this.fetchImpl);
        if (!customers.length) break;
        for (const customer of customers) {
          const id = Number(customer.id_sacado_sac);
          if (!Number.isFinite(id) || id <= cursor) continue;
          if (await this.importOne(accountId, customer, id)) imported++;
          else skipped++;
          highest = Math.max(highest, id);
        }
        if (customers.length < PER_PAGE) break;
      }
      await this.apps.saveState(accountId, installId, { _cursor: String(highest) });
      log.push(`imported ${imported}`, `skipped ${skipped}`, `last customer id ${highest}`);
      await this.apps.finishRun(accountId, runId, 'finished', 'imported', log);
      await this.apps.countOutcome(accountId, installId, false);
    } catch (error) {
      log.push(String((error as Error).message));
      this.log.warn({ err: error, accountId }, 'superlogica import failed');
      const refused = error instanceof OutboundUrlError;
      await this.apps.finishRun(
        accountId,
        runId,
        'error',
        refused ? 'address refused' : 'import failed',
        log,
      );
      await this.apps.countOutcome(accountId, installId, true);
    }
  }

  /** One customer as a contact (an invalid e-mail or phone is left out; a phone already in use skips it). */
  private async importOne(accountId: string, customer: TSuperlogicaCustomer, id: number) {
    const base = {
      name: (customer.st_nome_sac ?? '').trim() || `Superlógica ${id}`,
      customFields: { superlogica_id: String(id) },
    };
    const full = ZContactData.safeParse({
      ...base,
      email: customer.st_email_sac || null,
      phone: customer.st_telefone_sac || null,
    });
    const data = full.success ? full.data : ZContactData.parse(base);
    try {
      await this.contacts.create(accountId, data);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }
}
