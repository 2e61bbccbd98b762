import { hasRole } from '@atende/shared';
import { AppError } from '../../platform/errors';
import type { TTenant } from '../../platform/tenancy';

/**
 * Where a contacts call comes from: 'page' is the contacts/leads pages (list, create, delete,
 * merge, bulk, import, export, tag management); 'panel' is the contact panel of a conversation
 * (read and edit one contact, read tags and phases).
 */
export type TContactsScope = 'page' | 'panel';

/**
 * Account settings that block operators (spec §6), enforced here, not only hidden by the web:
 * - blockContactTab: operators lose the contacts pages ('page' calls);
 * - blockContactTabGeneral: operators lose contacts everywhere ('page' and 'panel' calls).
 * Managers and above are never blocked. The refusal is NOT_AUTHORIZED (403, "You don't have access
 * to this feature, talk to your account administrator"), the same answer as a role the route does
 * not admit; FUNCTION_UNAVAILABLE stays the download refusal of spec §6.
 */
export function assertContactsAccess(tenant: TTenant, scope: TContactsScope = 'page'): void {
  if (hasRole(tenant.role, 'manager')) return;
  const { blockContactTab, blockContactTabGeneral } = tenant.account;
  if (blockContactTabGeneral || (scope === 'page' && blockContactTab)) throw new AppError('NOT_AUTHORIZED');
}

/**
 * Spreadsheet downloads: blockDownloadExcel refuses every role below admin; restrictReportDownload
 * refuses managers and below. Both answer FUNCTION_UNAVAILABLE ('Function unavailable. Contact an
 * administrator for more information.').
 */
export function assertCanExport(tenant: TTenant): void {
  assertContactsAccess(tenant, 'page');
  const { blockDownloadExcel, restrictReportDownload } = tenant.account;
  if (blockDownloadExcel && !hasRole(tenant.role, 'admin')) throw new AppError('FUNCTION_UNAVAILABLE');
  if (restrictReportDownload && !hasRole(tenant.role, 'admin')) throw new AppError('FUNCTION_UNAVAILABLE');
}

/**
 * The settings blocks of `scope`, as a tenantRoute `check` (run after the tenant gate; the account
 * comes from the query's `acc`, or the body's where the spec's call sends it there).
 */
export function contactsAccess(scope: TContactsScope) {
  return (tenant: TTenant): void => assertContactsAccess(tenant, scope);
}
