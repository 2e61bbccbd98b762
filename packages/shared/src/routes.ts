import type { TRole } from './roles';

/**
 * The route table of spec §2, shared by the web guards and the server.
 * - layout: 'main' (sidebar shell), 'blank' (own layout: /callback, /apps/inbox) or 'public'.
 * - minRole: null for public routes.
 * - loginRequired: needs an access token and a loaded account.
 * - compliantOnly: sent to /blocked when the account is locked or its trial is over (team reading:
 *   every product area; plans, billing, account, profile and the status pages stay reachable so a
 *   blocked account can pay).
 * - automationFlag: goes to /error-404 unless the stored automation-enabled flag is set.
 * - noLoader: renders without the loading indicator (/restricted).
 */
export type TLayout = 'main' | 'blank' | 'public';

export interface TRouteDef {
  name: string;
  path: string;
  minRole: TRole | null;
  layout: TLayout;
  loginRequired: boolean;
  compliantOnly?: boolean;
  automationFlag?: boolean;
  noLoader?: boolean;
  redirect?: string;
  /** Free routes pass every guard (login, forgot-password, error pages, register, callback, comingsoon). */
  free?: boolean;
}

const main = (name: string, path: string, minRole: TRole, extra: Partial<TRouteDef> = {}): TRouteDef => ({
  name,
  path,
  minRole,
  layout: 'main',
  loginRequired: true,
  compliantOnly: true,
  ...extra,
});

const open = (name: string, path: string, extra: Partial<TRouteDef> = {}): TRouteDef => ({
  name,
  path,
  minRole: null,
  layout: 'public',
  loginRequired: false,
  ...extra,
});

export const ROUTES: readonly TRouteDef[] = [
  main('root', '/', 'operator', { redirect: '/dashboard' }),
  main('legacy-dashboard', '/legacy-dashboard', 'operator'),
  main('new-dashboard', '/new-dashboard', 'operator', { redirect: '/dashboard' }),
  main('dashboard', '/dashboard', 'operator'),
  main('dashboard-marketing', '/dashboard/marketing', 'manager'),
  main('dashboard-performance', '/dashboard/performance', 'manager'),
  main('dashboard-agents', '/dashboard/agents', 'manager'),
  main('appstore', '/appstore', 'admin'),
  main('appstore-history', '/appstore/history', 'admin'),
  main('acc', '/acc', 'admin', { compliantOnly: false }),
  main('acc-users', '/acc/users', 'admin', { compliantOnly: false }),
  main('activity-log', '/acc/activity', 'admin', { compliantOnly: false }),
  main('leads', '/apps/leads', 'operator'),
  main('chatbots', '/apps/chatbots', 'admin'),
  main('chatbot-create', '/apps/chatbot/create/:chatbotType/:template_id?', 'admin'),
  main('chatbot-ai', '/apps/chatbot-ai/:chatbot_id?', 'admin'),
  main('chatbot-edit', '/apps/chatbot/edit/:chatbot_id', 'admin'),
  main('chatbot-edit-hybrid', '/apps/chatbot/edit/hybrid/:chatbot_id', 'admin'),
  main('chatbot-edit-flow', '/apps/chatbot/edit/flow/:chatbotType?/:chatbot_id', 'admin'),
  main('chatbot-edit-flow-hybrid', '/apps/chatbot/edit/flow/hybrid/:chatbot_id', 'admin'),
  main('chatbot-edit-ai', '/apps/chatbot/edit/ai/:chatbot_id', 'admin'),
  main('chatpage-edit', '/apps/chatpage/edit/:chatbot_id', 'admin'),
  main('faq-chatbot-ia', '/faq/chatbot-ia', 'admin'),
  main('faq-chatbot-ia-page', '/faq/chatbot-ia/:page', 'admin'),
  main('settings', '/settings', 'admin'),
  main('settings-auto-messages', '/settings/autoMessages', 'admin'),
  main('campaigns', '/apps/campaigns', 'admin'),
  main('campaign-new', '/apps/campaigns/new', 'operator'),
  main('campaign-sms-new', '/apps/campaigns/sms/new', 'operator'),
  // Campaigns (issue 16): one campaign's live progress and recipients (not a spec §2 route).
  main('campaign', '/apps/campaigns/:campaign_id', 'operator'),
  main('profile', '/profile', 'operator', { compliantOnly: false }),
  main('plans', '/plans', 'admin', { compliantOnly: false }),
  main('plans-checkout', '/plans/checkout/:plan', 'admin', { compliantOnly: false }),
  main('blocked', '/blocked', 'admin', { compliantOnly: false }),
  main('restricted', '/restricted', 'operator', { compliantOnly: false, noLoader: true }),
  main('inbox-start-conversation', '/apps/inbox/start-conversation', 'operator'),
  main('contacts', '/apps/contacts', 'operator'),
  main('contacts-import', '/apps/contacts/import', 'operator'),
  main('automation', '/apps/automation', 'operator', { automationFlag: true }),
  main('new-automation', '/apps/new-automation', 'operator', { automationFlag: true }),
  // Automations (issue 17): one rule's builder, dry run and log (not a spec §2 route; same guard).
  main('edit-automation', '/apps/automation/:automation_id', 'operator', { automationFlag: true }),
  main('feedback', '/apps/feedback', 'manager'),
  main('templates', '/templates', 'admin'),
  main('quick-messages', '/apps/quick-messages', 'admin'),
  main('statement', '/acc/statement', 'admin'),
  main('superlogica-login', '/acc/superlogica-login', 'admin', { compliantOnly: false }),
  open('not-authorized', '/not-authorized'),
  {
    name: 'callback',
    path: '/callback',
    minRole: 'operator',
    layout: 'blank',
    loginRequired: false,
    free: true,
  },
  {
    name: 'inbox',
    path: '/apps/inbox',
    minRole: 'operator',
    layout: 'blank',
    loginRequired: true,
    compliantOnly: true,
  },
  open('page-login', '/login', { free: true }),
  open('register', '/register', { free: true }),
  open('verify', '/verify', { free: true }),
  open('logout', '/logout'),
  open('invitation', '/invitation/:invatation_id'),
  open('forgot-password', '/forgot-password', { free: true }),
  open('reset-password', '/reset-password'),
  open('error-404', '/error-404', { free: true }),
  open('error-500', '/error-500', { free: true }),
  open('maintenance', '/maintenance', { free: true }),
  open('comingsoon', '/comingsoon', { free: true }),
];

export function findRouteByName(name: string): TRouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}
