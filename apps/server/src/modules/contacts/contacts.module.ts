import { defineModule } from '../../platform/module';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { ContactExportService } from './contact-export.service';
import { ContactIdentityService } from './contact-identity.service';
import { ContactImportJob } from './contact-import.job';
import { contactImportRoutes } from './contact-import.routes';
import { ContactImportService, IMPORT_QUEUE } from './contact-import.service';
import { contactPhasesRoutes } from './contact-phases.routes';
import { ContactPhasesService } from './contact-phases.service';
import { contactTagsRoutes } from './contact-tags.routes';
import { ContactTagsService } from './contact-tags.service';
import { contactsRoutes } from './contacts.routes';
import * as tables from './contacts.schema';
import { ContactsService } from './contacts.service';

/** Contacts and leads: CRUD, phases, tags, import/export, and the identity rule channels create contacts by. */
export const contactsModule = defineModule({
  name: 'contacts',
  tables,
  create: (platform, deps: { activityLog: ActivityLogService }) => {
    const db = platform.database.db;
    const contacts = new ContactsService(db, deps.activityLog, platform.events);
    return {
      contacts: {
        contacts,
        identity: new ContactIdentityService(db, platform.events),
        phases: new ContactPhasesService(db),
        tags: new ContactTagsService(db, platform.events),
        imports: new ContactImportService(db, platform.jobs, deps.activityLog),
        exports: new ContactExportService(db, contacts),
      },
    };
  },
  plugin: async (app) => {
    const job = new ContactImportJob(app.platform.database, () => app.platform.realtime);
    app.platform.jobs.register<{ accountId: string; importId: string }>(IMPORT_QUEUE, (data) =>
      job.run(data),
    );
    await app.register(contactsRoutes);
    await app.register(contactPhasesRoutes);
    await app.register(contactTagsRoutes);
    await app.register(contactImportRoutes);
  },
});
