import { ensureDeviceId, writeItem } from '../../../app/storage';
import { fetchPushConfig, registerPushDevice } from '../app-store-api';

export type TBrowserPushState = 'enabled' | 'denied' | 'unsupported' | 'off' | 'prompt';

/** The spec's deviceName for a browser: OS_Browser (e.g. Windows_Chrome, Mac_Safari). */
export function browserDeviceName(ua: string = navigator.userAgent): string {
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'Mac'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'Other';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  return `${os}_${browser}`;
}

/** base64url → bytes (PushManager.subscribe's applicationServerKey). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/**
 * Subscribes this browser to the server's pushes and registers the subscription (spec §7
 * mobile-token: acc, token = the subscription JSON, type web, deviceID, deviceName OS_Browser);
 * the token is kept under firebaseToken so logout removes it (remove-token). Asks for the
 * permission only when `ask` (a click); otherwise works only when it was already granted.
 */
export async function enableBrowserPush(acc: string, ask: boolean): Promise<TBrowserPushState> {
  if (!pushSupported()) return 'unsupported';
  const config = await fetchPushConfig(acc);
  if (!config.enabled || !config.preferences.push) return 'off';
  let permission = Notification.permission;
  if (permission === 'default' && ask) permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'prompt';
  const registration = await navigator.serviceWorker.register('/push-sw.js');
  await navigator.serviceWorker.ready;
  const key = keyBytes(config.vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && new Uint8Array(current).toString() !== key.toString()) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const token = JSON.stringify(subscription);
  await registerPushDevice({
    acc,
    token,
    type: 'web',
    deviceID: ensureDeviceId(),
    deviceName: browserDeviceName(),
  });
  writeItem('firebaseToken', token);
  return 'enabled';
}
