import { defineModule } from '../../platform/module';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { departmentsRoutes } from './departments.routes';
import * as tables from './departments.schema';
import { DepartmentsService } from './departments.service';
import { KeyEntitiesService } from './key-entities.service';

/**
 * Departments (members' `intentions`) and key entities (members' `entities`, contacts' custom
 * field definitions). Other modules reference a department by its id: conversations.department_id
 * (text) and account_members.intentions hold it; `departments.list/get/members/routing` answer.
 */
export const departmentsModule = defineModule({
  name: 'departments',
  tables,
  create: (platform, deps: { accounts: AccountsService; activityLog: ActivityLogService }) => ({
    departments: new DepartmentsService(
      platform.database.db,
      platform.events,
      deps.accounts,
      deps.activityLog,
    ),
    keyEntities: new KeyEntitiesService(platform.database.db, deps.accounts, deps.activityLog),
  }),
  plugin: async (app) => {
    await app.register(departmentsRoutes);
  },
});
