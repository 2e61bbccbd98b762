import type { TLoginResult } from '@atende/shared';
import { changeLanguage, languageAfterLogin } from '../../app/i18n';
import { getSession, loadAccount, startSession } from '../../app/session';

/**
 * Login success (spec §4): store tokens and the logged-in flag, set the interface language from the
 * user's language, then load the first account. Resolves false when the user has no account.
 */
export async function completeLogin(result: TLoginResult): Promise<boolean> {
  startSession(result);
  await changeLanguage(languageAfterLogin(result.lang));
  await loadAccount();
  return getSession().status === 'ready';
}
