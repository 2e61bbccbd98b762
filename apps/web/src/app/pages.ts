import type { ComponentType, LazyExoticComponent } from 'react';
import { loadFeatureTexts } from './i18n';
import { lazyPage } from './lazy-page';

type TLazyPage = LazyExoticComponent<ComponentType>;

/**
 * A code-split page of the signed-in app: retried once, reported and shown as "new version —
 * reload" when it fails; it renders once its code and the app's texts (loadFeatureTexts) are in.
 */
export function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazyPage(async () => (await Promise.all([load(), loadFeatureTexts()]))[0], name);
}

const appPages = () => import('./app-pages');

/** Starts loading the signed-in app's page list (at boot with a session, and while signing in). */
export function preloadAppPages(): void {
  appPages().catch(() => undefined);
}

/** A page or layout of the signed-in app, by its name in app/app-pages.ts. */
export function appPage(name: string): TLazyPage {
  return page(async () => ({ [name]: await (await appPages()).APP_PAGES[name]() }), name);
}

/** A sign-in or status page: only the core texts, loaded with i18n (app/i18n.ts CORE_NAMESPACES). */
const corePage = lazyPage;

const auth = () => import('../features/auth/auth-routes');
const status = () => import('../features/status/status-pages');

/** Code-split pages by route name (packages/shared ROUTES): every route has one (pages.test.ts). */
export const PAGES: Record<string, TLazyPage> = {
  'page-login': corePage(() => import('../features/auth/login-page'), 'LoginPage'),
  register: page(() => import('../features/auth/register-page'), 'RegisterPage'),
  verify: corePage(auth, 'VerifyPage'),
  'forgot-password': corePage(auth, 'ForgotPasswordPage'),
  'reset-password': corePage(auth, 'ResetPasswordPage'),
  logout: corePage(auth, 'LogoutPage'),
  invitation: page(() => import('../features/auth/invitation-page'), 'InvitationPage'),
  dashboard: appPage('dashboard'),
  // Dashboards (issue 20).
  'dashboard-marketing': appPage('dashboard-marketing'),
  'dashboard-performance': appPage('dashboard-performance'),
  'dashboard-agents': appPage('dashboard-agents'),
  'legacy-dashboard': appPage('legacy-dashboard'),
  acc: appPage('acc'),
  'acc-users': appPage('acc-users'),
  'activity-log': appPage('activity-log'),
  contacts: appPage('contacts'),
  'contacts-import': appPage('contacts-import'),
  inbox: appPage('inbox'),
  'inbox-start-conversation': appPage('inbox-start-conversation'),
  settings: appPage('settings'),
  'settings-auto-messages': appPage('settings-auto-messages'),
  'quick-messages': appPage('quick-messages'),
  // Automations (issue 17).
  automation: appPage('automation'),
  'new-automation': appPage('new-automation'),
  'edit-automation': appPage('edit-automation'),
  appstore: appPage('appstore'),
  'appstore-history': appPage('appstore-history'),
  'superlogica-login': appPage('superlogica-login'),
  templates: appPage('templates'),
  chatbots: appPage('chatbots'),
  'chatbot-create': appPage('chatbot-create'),
  'chatbot-edit': appPage('chatbot-edit'),
  'chatbot-edit-flow': appPage('chatbot-edit-flow'),
  'chatbot-edit-flow-hybrid': appPage('chatbot-edit-flow'),
  'chatbot-ai': appPage('chatbot-ai'),
  'chatbot-edit-ai': appPage('chatbot-ai'),
  'chatbot-edit-hybrid': appPage('chatbot-ai'),
  // AI chatbot help (issue 15).
  'faq-chatbot-ia': appPage('faq-chatbot-ia'),
  'faq-chatbot-ia-page': appPage('faq-chatbot-ia-page'),
  'chatpage-edit': appPage('chatpage-edit'),
  statement: appPage('statement'),
  feedback: appPage('feedback'),
  leads: appPage('leads'),
  // Campaigns (issue 16).
  campaigns: appPage('campaigns'),
  'campaign-new': appPage('campaign-new'),
  'campaign-sms-new': appPage('campaign-sms-new'),
  campaign: appPage('campaign'),
  profile: appPage('profile'),
  plans: appPage('plans'),
  'plans-checkout': appPage('plans-checkout'),
  blocked: appPage('blocked'),
  restricted: corePage(status, 'RestrictedPage'),
  'not-authorized': corePage(status, 'NotAuthorizedPage'),
  'error-404': corePage(status, 'NotFoundPage'),
  'error-500': corePage(status, 'ServerErrorPage'),
  maintenance: corePage(status, 'MaintenancePage'),
  comingsoon: corePage(status, 'ComingSoonPage'),
  callback: corePage(status, 'CallbackPage'),
};

/** Web-only page: a signed-in user without any account creates one (not a spec §2 route). */
export const CreateFirstAccountPage = appPage('CreateFirstAccountPage');
