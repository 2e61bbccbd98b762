import type { TLoginResult } from '@atende/shared';
import { resolveLang } from '@atende/shared';
import { changeLanguage } from '../../app/i18n';
import { preloadAppPages } from '../../app/pages';
import { getSession, loadAccount, startSession } from '../../app/session';

/**
 * Login success (spec §4): store tokens and the logged-in flag, set the interface language from the
 * user's language, then load the first account. Resolves false when the user has no account.
 */
export async function completeLogin(result: TLoginResult): Promise<boolean> {
  startSession(result);
  preloadAppPages();
  // English if the language contains 'en', else the user's language if supported, else English.
  await changeLanguage(resolveLang(result.lang));
  await loadAccount();
  return getSession().status === 'ready';
}
