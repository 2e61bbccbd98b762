import type { TLoginResult } from '@atende/shared';
import { loginLanguage } from '../../app/lang-rules';
import { changeLanguage } from '../../app/i18n';
import { getSession, loadAccount, startSession } from '../../app/session';

/**
 * Login success (spec §4): store tokens and the logged-in flag, set the interface language from the
 * user's language, then load the first account. Resolves false when the user has no account.
 */
export async function completeLogin(result: TLoginResult): Promise<boolean> {
  startSession(result);
  // English if the language contains 'en', else the user's language if supported, else English.
  await changeLanguage(loginLanguage(result.lang));
  await loadAccount();
  return getSession().status === 'ready';
}
