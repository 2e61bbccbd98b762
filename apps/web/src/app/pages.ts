import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazy-page';

type TLazyPage = LazyExoticComponent<ComponentType>;

/** A code-split page: retried once, reported and shown as "new version — reload" when it fails. */
const page = lazyPage;

const auth = () => import('../features/auth/auth-routes');
const status = () => import('../features/status/status-pages');

/** Code-split pages by route name (packages/shared ROUTES). Routes without a page show the area frame. */
export const PAGES: Record<string, TLazyPage> = {
  'page-login': page(() => import('../features/auth/login-page'), 'LoginPage'),
  register: page(() => import('../features/auth/register-page'), 'RegisterPage'),
  verify: page(auth, 'VerifyPage'),
  'forgot-password': page(auth, 'ForgotPasswordPage'),
  'reset-password': page(auth, 'ResetPasswordPage'),
  logout: page(auth, 'LogoutPage'),
  invitation: page(() => import('../features/auth/invitation-page'), 'InvitationPage'),
  dashboard: page(() => import('../features/dashboards/dashboard-page'), 'DashboardPage'),
  acc: page(() => import('../features/accounts/account-page'), 'AccountPage'),
  'acc-users': page(() => import('../features/users/team-page'), 'TeamPage'),
  'activity-log': page(() => import('../features/activity-log/activity-page'), 'ActivityPage'),
  contacts: page(() => import('../features/contacts/contacts-page'), 'ContactsPage'),
  'contacts-import': page(
    () => import('../features/contacts-import/contacts-import-page'),
    'ContactsImportPage',
  ),
  inbox: page(() => import('../features/inbox/inbox-page'), 'InboxPage'),
  'inbox-start-conversation': page(
    () => import('../features/inbox/start/start-conversation-page'),
    'StartConversationPage',
  ),
  settings: page(() => import('../features/settings/settings-page'), 'SettingsPage'),
  'settings-auto-messages': page(() => import('../features/settings/auto-messages-page'), 'AutoMessagesPage'),
  'quick-messages': page(() => import('../features/quick-messages/quick-messages-page'), 'QuickMessagesPage'),
  templates: page(() => import('../features/templates/templates-page'), 'TemplatesPage'),
  statement: page(() => import('../features/statement/statement-page'), 'StatementPage'),
  leads: page(() => import('../features/leads/leads-page'), 'LeadsPage'),
  profile: page(() => import('../features/users/profile-page'), 'ProfilePage'),
  plans: page(() => import('../features/billing/plans-page'), 'PlansPage'),
  'plans-checkout': page(() => import('../features/billing/checkout-page'), 'CheckoutPage'),
  blocked: page(() => import('../features/billing/blocked-page'), 'BlockedPage'),
  restricted: page(status, 'RestrictedPage'),
  'not-authorized': page(status, 'NotAuthorizedPage'),
  'error-404': page(status, 'NotFoundPage'),
  'error-500': page(status, 'ServerErrorPage'),
  maintenance: page(status, 'MaintenancePage'),
  comingsoon: page(status, 'ComingSoonPage'),
  callback: page(status, 'CallbackPage'),
};

/** Web-only page: a signed-in user without any account creates one (not a spec §2 route). */
export const CreateFirstAccountPage = page(
  () => import('../features/accounts/create-first-account-page'),
  'CreateFirstAccountPage',
);

export const AreaPage = page(() => import('../features/areas/area-page'), 'AreaPage');
