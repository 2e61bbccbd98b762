/**
 * The Facebook JavaScript SDK for WhatsApp embedded signup (issue 13): loaded on demand (only when
 * an admin connects WhatsApp with Facebook), initialised with the installation's Meta app.
 */
export interface TFacebookLoginResponse {
  status?: string;
  authResponse?: { code?: string } | null;
}

export interface TFacebookSdk {
  init(options: { appId: string; version: string; xfbml?: boolean; cookie?: boolean }): void;
  login(callback: (response: TFacebookLoginResponse) => void, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    FB?: TFacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
let loading: Promise<TFacebookSdk> | null = null;

/** The SDK, initialised with `appId` (the script is added once). */
export function loadFacebookSdk(appId: string, version: string): Promise<TFacebookSdk> {
  const init = (fb: TFacebookSdk) => {
    fb.init({ appId, version, xfbml: false, cookie: false });
    return fb;
  };
  if (window.FB) return Promise.resolve(init(window.FB));
  loading ??= new Promise<TFacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => (window.FB ? resolve(window.FB) : reject(new Error('no FB')));
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.defer = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      loading = null;
      reject(new Error('Facebook SDK failed to load'));
    };
    document.body.appendChild(script);
  });
  return loading.then(init);
}

/** The WABA and phone number the user picked, from the signup popup's session message (if it came). */
export interface TSignupSession {
  wabaId?: string;
  phoneNumberId?: string;
}

/** Listens for the embedded signup's WA_EMBEDDED_SIGNUP message; returns the stop function. */
export function listenSignupSession(session: TSignupSession): () => void {
  const onMessage = (event: MessageEvent) => {
    if (!/(^|\.)facebook\.com$/.test(safeHost(event.origin))) return;
    let payload: any;
    try {
      payload = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
    } catch {
      return;
    }
    if (payload?.type !== 'WA_EMBEDDED_SIGNUP') return;
    const data = payload.data ?? {};
    if (typeof data.waba_id === 'string') session.wabaId = data.waba_id;
    if (typeof data.phone_number_id === 'string') session.phoneNumberId = data.phone_number_id;
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

function safeHost(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return '';
  }
}
