import { useEffect } from 'react';
import { useAccOrNull } from '../../../app/session';
import { enableBrowserPush } from './push-registration';

/**
 * After sign-in (each account the tab opens): when the user already allowed notifications, this
 * browser's push subscription is registered for the account. Never asks by itself — the profile's
 * notifications card does, on a click.
 */
export function useBrowserPush() {
  const acc = useAccOrNull();
  useEffect(() => {
    if (!acc) return;
    enableBrowserPush(acc, false).catch(() => undefined);
  }, [acc]);
}
