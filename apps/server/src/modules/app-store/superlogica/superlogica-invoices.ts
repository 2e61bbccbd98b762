import type { TSuperlogicaInvoices } from '@atende/shared';
import type { ContactsService } from '../../contacts/contacts.service';
import type { TOutboundFetch } from '../../../platform/outbound-url';
import type { AppsService } from '../catalogue/apps.service';
import { openSuperlogicaInvoices } from './superlogica-client';

/** A contact's open Superlógica invoices (the inbox contact panel), when the app is installed and the contact came from it. */
export class SuperlogicaInvoices {
  constructor(
    private readonly apps: AppsService,
    private readonly contacts: ContactsService,
    private readonly fetchImpl: TOutboundFetch,
  ) {}

  async of(accountId: string, contactId: string): Promise<TSuperlogicaInvoices> {
    const install = await this.apps.activeInstall(accountId, 'superlogica');
    if (!install) return { installed: false, customerId: null, invoices: [], failed: false };
    const contact = await this.contacts.get(accountId, contactId);
    const customerId = contact.customFields?.superlogica_id;
    if (customerId === undefined || customerId === null || customerId === '')
      return { installed: true, customerId: null, invoices: [], failed: false };
    const settings = await this.apps.settingsOf(accountId, install.id);
    try {
      const invoices = await openSuperlogicaInvoices(
        {
          apiBase: String(settings.apiBase),
          appToken: String(settings.appToken),
          accessToken: String(settings.accessToken),
        },
        String(customerId),
        this.fetchImpl,
      );
      return { installed: true, customerId: String(customerId), invoices, failed: false };
    } catch {
      return { installed: true, customerId: String(customerId), invoices: [], failed: true };
    }
  }
}
