import type { FastifyInstance } from 'fastify';
import type { TPlatform } from '../../platform/platform';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { ContactExportService } from './contact-export.service';
import { ContactImportJob } from './contact-import.job';
import { contactImportRoutes } from './contact-import.routes';
import { ContactImportService, IMPORT_QUEUE } from './contact-import.service';
import { contactPhasesRoutes } from './contact-phases.routes';
import { ContactPhasesService } from './contact-phases.service';
import { contactTagsRoutes } from './contact-tags.routes';
import { ContactTagsService } from './contact-tags.service';
import { contactsRoutes } from './contacts.routes';
import { ContactsService } from './contacts.service';

/** The contacts feature's services, wired once per process; registers the import job's handler. */
export function createContactsServices(platform: TPlatform, activity: ActivityLogService) {
  const db = platform.database.db;
  const contacts = new ContactsService(db, activity);
  const job = new ContactImportJob(platform.database, () => platform.realtime);
  platform.jobs.register<{ accountId: string; importId: string }>(IMPORT_QUEUE, (data) => job.run(data));
  return {
    contacts,
    phases: new ContactPhasesService(db),
    tags: new ContactTagsService(db),
    imports: new ContactImportService(db, platform.jobs),
    exports: new ContactExportService(db, contacts),
  };
}

export async function contactsModule(app: FastifyInstance) {
  await app.register(contactsRoutes);
  await app.register(contactPhasesRoutes);
  await app.register(contactTagsRoutes);
  await app.register(contactImportRoutes);
}
