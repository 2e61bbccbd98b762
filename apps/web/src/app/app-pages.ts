import type { ComponentType } from 'react';

/**
 * The signed-in app's pages and layouts by name, loaded as one small chunk (app/pages.ts): the
 * entry, which the sign-in page loads, keeps only their names, not where their code and its
 * preload lists are.
 */
export const APP_PAGES: Record<string, () => Promise<ComponentType>> = {
  dashboard: async () => (await import('../features/dashboards/dashboard-page')).DashboardPage,
  // Dashboards (issue 20).
  'dashboard-marketing': async () =>
    (await import('../features/dashboards/marketing-page')).MarketingDashboardPage,
  'dashboard-performance': async () =>
    (await import('../features/dashboards/performance-page')).PerformanceDashboardPage,
  'dashboard-agents': async () => (await import('../features/dashboards/agents-page')).AgentsDashboardPage,
  'legacy-dashboard': async () =>
    (await import('../features/dashboards/legacy-dashboard-page')).LegacyDashboardPage,
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
  // Automations (issue 17).
  automation: async () => (await import('../features/automations/automations-page')).AutomationsPage,
  'new-automation': async () =>
    (await import('../features/automations/automation-edit-page')).AutomationEditPage,
  'edit-automation': async () =>
    (await import('../features/automations/automation-edit-page')).AutomationEditPage,
  'quick-messages': async () =>
    (await import('../features/quick-messages/quick-messages-page')).QuickMessagesPage,
  appstore: async () => (await import('../features/app-store/app-store-page')).AppStorePage,
  'appstore-history': async () => (await import('../features/app-store/app-history-page')).AppHistoryPage,
  'superlogica-login': async () => (await import('../features/app-store/superlogica-page')).SuperlogicaPage,
  templates: async () => (await import('../features/templates/templates-page')).TemplatesPage,
  chatbots: async () => (await import('../features/chatbots/list/chatbots-page')).ChatbotsPage,
  'chatbot-create': async () =>
    (await import('../features/chatbots/create/chatbot-create-page')).ChatbotCreatePage,
  'chatbot-edit': async () => (await import('../features/chatbots/chatbot-edit-page')).ChatbotEditPage,
  'chatbot-edit-flow': async () =>
    (await import('../features/chatbots/editor/flow-editor-page')).FlowEditorPage,
  'chatbot-ai': async () => (await import('../features/chatbots/ai/ai-bot-page')).AiBotPage,
  'faq-chatbot-ia': async () => (await import('../features/faq/faq-pages')).FaqIndexPage,
  'faq-chatbot-ia-page': async () => (await import('../features/faq/faq-pages')).FaqArticlePage,
  'chatpage-edit': async () =>
    (await import('../features/chatbots/chatpage/chatpage-edit-page')).ChatPageEditPage,
  statement: async () => (await import('../features/statement/statement-page')).StatementPage,
  feedback: async () => (await import('../features/surveys/feedback-page')).FeedbackPage,
  leads: async () => (await import('../features/leads/leads-page')).LeadsPage,
  // Campaigns (issue 16).
  campaigns: async () => (await import('../features/campaigns/campaigns-page')).CampaignsPage,
  'campaign-new': async () => (await import('../features/campaigns/campaign-wizard-page')).CampaignNewPage,
  'campaign-sms-new': async () =>
    (await import('../features/campaigns/campaign-wizard-page')).CampaignSmsNewPage,
  campaign: async () => (await import('../features/campaigns/campaign-page')).CampaignPage,
  profile: async () => (await import('../features/users/profile-page')).ProfilePage,
  plans: async () => (await import('../features/billing/plans-page')).PlansPage,
  'plans-checkout': async () => (await import('../features/billing/checkout-page')).CheckoutPage,
  blocked: async () => (await import('../features/billing/blocked-page')).BlockedPage,
  MainLayout: async () => (await import('./layouts/main-layout')).MainLayout,
  BlankLayout: async () => (await import('./layouts/blank-layout')).BlankLayout,
  CreateFirstAccountPage: async () =>
    (await import('../features/accounts/create-first-account-page')).CreateFirstAccountPage,
};
