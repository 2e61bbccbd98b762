import type { ComponentType } from 'react';

/**
 * The signed-in app's pages and layouts by name, loaded as one small chunk (app/pages.ts): the
 * entry, which the sign-in page loads, keeps only their names, not where their code and its
 * preload lists are.
 */
export const APP_PAGES: Record<string, () => Promise<ComponentType>> = {
  dashboard: async () => (await import('../features/dashboards/dashboard-page')).DashboardPage,
  acc: async () => (await import('../features/accounts/account-page')).AccountPage,
  'acc-users': async () => (await import('../features/users/team-page')).TeamPage,
  'activity-log': async () => (await import('../features/activity-log/activity-page')).ActivityPage,
  contacts: async () => (await import('../features/contacts/contacts-page')).ContactsPage,
  'contacts-import': async () =>
    (await import('../features/contacts-import/contacts-import-page')).ContactsImportPage,
  inbox: async () => (await import('../features/inbox/inbox-page')).InboxPage,
  'inbox-start-conversation': async () =>
    (await import('../features/inbox/start/start-conversation-page')).StartConversationPage,
  settings: async () => (await import('../features/settings/settings-page')).SettingsPage,
  'settings-auto-messages': async () =>
    (await import('../features/settings/auto-messages-page')).AutoMessagesPage,
  'quick-messages': async () =>
    (await import('../features/quick-messages/quick-messages-page')).QuickMessagesPage,
  templates: async () => (await import('../features/templates/templates-page')).TemplatesPage,
  statement: async () => (await import('../features/statement/statement-page')).StatementPage,
  leads: async () => (await import('../features/leads/leads-page')).LeadsPage,
  profile: async () => (await import('../features/users/profile-page')).ProfilePage,
  plans: async () => (await import('../features/billing/plans-page')).PlansPage,
  'plans-checkout': async () => (await import('../features/billing/checkout-page')).CheckoutPage,
  blocked: async () => (await import('../features/billing/blocked-page')).BlockedPage,
  MainLayout: async () => (await import('./layouts/main-layout')).MainLayout,
  BlankLayout: async () => (await import('./layouts/blank-layout')).BlankLayout,
  AreaPage: async () => (await import('../features/areas/area-page')).AreaPage,
  CreateFirstAccountPage: async () =>
    (await import('../features/accounts/create-first-account-page')).CreateFirstAccountPage,
};
