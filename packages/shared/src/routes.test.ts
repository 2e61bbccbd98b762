import { describe, expect, it } from 'vitest';
import type { TRole } from './roles';
import { findRouteByName, ROUTES, type TRouteDef } from './routes';

function route(path: string): TRouteDef {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`route ${path} missing from ROUTES`);
  return found;
}

/** Spec §2: every route of the main layout with its minimum role. */
const SPEC_ROUTES: Array<[string, TRole]> = [
  ['/', 'operator'],
  ['/legacy-dashboard', 'operator'],
  ['/new-dashboard', 'operator'],
  ['/dashboard', 'operator'],
  ['/dashboard/marketing', 'manager'],
  ['/dashboard/performance', 'manager'],
  ['/dashboard/agents', 'manager'],
  ['/appstore', 'admin'],
  ['/appstore/history', 'admin'],
  ['/acc', 'admin'],
  ['/acc/users', 'admin'],
  ['/apps/leads', 'operator'],
  ['/apps/chatbots', 'admin'],
  ['/apps/chatbot/create/:chatbotType/:template_id?', 'admin'],
  ['/apps/chatbot-ai/:chatbot_id?', 'admin'],
  ['/apps/chatbot/edit/:chatbot_id', 'admin'],
  ['/apps/chatbot/edit/hybrid/:chatbot_id', 'admin'],
  ['/apps/chatbot/edit/flow/:chatbotType?/:chatbot_id', 'admin'],
  ['/apps/chatbot/edit/flow/hybrid/:chatbot_id', 'admin'],
  ['/apps/chatbot/edit/ai/:chatbot_id', 'admin'],
  ['/apps/chatpage/edit/:chatbot_id', 'admin'],
  ['/faq/chatbot-ia', 'admin'],
  ['/faq/chatbot-ia/:page', 'admin'],
  ['/settings', 'admin'],
  ['/settings/autoMessages', 'admin'],
  ['/apps/campaigns', 'admin'],
  ['/apps/campaigns/new', 'operator'],
  ['/apps/campaigns/sms/new', 'operator'],
  ['/profile', 'operator'],
  ['/plans', 'admin'],
  ['/plans/checkout/:plan', 'admin'],
  ['/blocked', 'admin'],
  ['/restricted', 'operator'],
  ['/apps/inbox/start-conversation', 'operator'],
  ['/apps/contacts', 'operator'],
  ['/apps/contacts/import', 'operator'],
  ['/apps/automation', 'operator'],
  ['/apps/new-automation', 'operator'],
  ['/apps/feedback', 'manager'],
  ['/acc/superlogica-login', 'admin'],
  ['/apps/inbox', 'operator'],
  ['/callback', 'operator'],
];

const PUBLIC_ROUTES = [
  '/not-authorized',
  '/login',
  '/logout',
  '/invitation/:invatation_id',
  '/forgot-password',
  '/reset-password',
  '/error-404',
  '/error-500',
  '/maintenance',
];

describe('route table (spec §2)', () => {
  it.each(SPEC_ROUTES)('%s needs at least %s', (path, minRole) => {
    expect(route(path).minRole).toBe(minRole);
  });

  it.each(PUBLIC_ROUTES)('%s is public', (path) => {
    const r = route(path);
    expect(r.minRole).toBeNull();
    expect(r.loginRequired).toBe(false);
  });

  it('requires login on every main-layout route, /acc/superlogica-login included', () => {
    for (const r of ROUTES.filter((x) => x.layout === 'main')) expect(r.loginRequired, r.path).toBe(true);
    expect(route('/acc/superlogica-login').loginRequired).toBe(true);
    expect(route('/apps/inbox').loginRequired).toBe(true);
  });

  it('puts /callback and /apps/inbox in the separate layout; /callback has no login flag', () => {
    expect(route('/callback').layout).toBe('blank');
    expect(route('/apps/inbox').layout).toBe('blank');
    expect(route('/callback').loginRequired).toBe(false);
  });

  it('redirects / and /new-dashboard to /dashboard', () => {
    expect(route('/').redirect).toBe('/dashboard');
    expect(route('/new-dashboard').redirect).toBe('/dashboard');
  });

  it('renders /restricted without the loading indicator, and only it', () => {
    expect(route('/restricted').noLoader).toBe(true);
    expect(ROUTES.filter((r) => r.noLoader).map((r) => r.path)).toEqual(['/restricted']);
  });

  it('flags exactly the automation routes with the automation-enabled check', () => {
    expect(
      ROUTES.filter((r) => r.automationFlag)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/apps/automation', '/apps/automation/:automation_id', '/apps/new-automation']);
  });

  it('lets the free routes pass every guard (login, forgot-password, error pages, register, callback, comingsoon)', () => {
    for (const path of [
      '/login',
      '/forgot-password',
      '/error-404',
      '/error-500',
      '/register',
      '/callback',
      '/comingsoon',
    ]) {
      expect(route(path).free, path).toBe(true);
    }
    expect(route('/dashboard').free).toBeFalsy();
  });

  it('keeps the pages a blocked account needs to pay out of the compliant-only set', () => {
    for (const path of ['/plans', '/plans/checkout/:plan', '/blocked', '/acc', '/profile', '/restricted']) {
      expect(route(path).compliantOnly, path).toBeFalsy();
    }
    for (const path of ['/dashboard', '/apps/contacts', '/apps/inbox', '/apps/chatbots']) {
      expect(route(path).compliantOnly, path).toBe(true);
    }
  });

  it('names the login route page-login and finds routes by name', () => {
    expect(findRouteByName('page-login')?.path).toBe('/login');
    expect(findRouteByName('not-authorized')?.path).toBe('/not-authorized');
    expect(findRouteByName('nope')).toBeUndefined();
  });

  it('has unique names and unique paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });
});
