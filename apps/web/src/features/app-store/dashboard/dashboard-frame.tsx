import { useEffect, useRef } from 'react';
import { Alert } from '@mantine/core';
import type { TAppDashboardPanel, TDashboardContext } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { originOf } from './dashboard-context';

/**
 * The sandbox of a Dashboard app's page. `allow-scripts` and `allow-forms` let a normal web app
 * run; `allow-same-origin` keeps the page's OWN origin (its cookies/session with its own server, and
 * — without it — the frame's origin would be opaque, so a message sent to its origin would never
 * arrive). It never gives the page Atende's origin: a page on Atende's own origin is not framed
 * (with both flags it could lift its sandbox). No top navigation, popups or downloads.
 */
export const DASHBOARD_SANDBOX = 'allow-scripts allow-forms allow-same-origin';

/**
 * One Dashboard app's page: the context goes to it through postMessage with targetOrigin = the
 * page's origin (never '*'), when it loads and again whenever the context changes (the operator
 * opened another conversation).
 */
export function DashboardFrame({
  panel,
  context,
}: {
  panel: TAppDashboardPanel;
  context: TDashboardContext;
}) {
  const { t } = useTranslation('app-store');
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = originOf(panel.url);
  const json = JSON.stringify(context);
  const latest = useRef(json);
  latest.current = json;

  const send = () => {
    if (!origin) return;
    frame.current?.contentWindow?.postMessage(JSON.parse(latest.current), origin);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: send again when the context changes
  useEffect(send, [json, origin]);

  if (!origin) return null;
  if (origin === window.location.origin)
    return (
      <Alert color="orange" m="md">
        {t('dashboard.sameOrigin')}
      </Alert>
    );
  return (
    <iframe
      ref={frame}
      src={panel.url}
      title={t('dashboard.frameTitle', { name: panel.name })}
      sandbox={DASHBOARD_SANDBOX}
      referrerPolicy="strict-origin"
      onLoad={send}
      data-testid="dashboard-frame"
      style={{ border: 0, width: '100%', height: '100%', minHeight: 480, display: 'block' }}
    />
  );
}
