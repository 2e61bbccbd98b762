import type { ComponentType, ReactNode } from 'react';
import type { NotificationsProps } from '@mantine/notifications';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';
import { loadChunk } from './lazy-page';
import { useSession } from './session';
import { useToastsWanted } from './toast-demand';
import { cssVariablesResolver, theme } from './theme';

// The toast container loads after the first paint of a signed-in page, or with the first toast
// (app/toast-demand.ts); toasts queued before it appears still show.
// If its chunk cannot be loaded (reported by loadChunk), the app goes on without toasts.
const Notifications = lazy(async (): Promise<{ default: ComponentType<NotificationsProps> }> => {
  try {
    const mod = await loadChunk(() => import('@mantine/notifications'), 'Notifications');
    return { default: mod.Notifications };
  } catch {
    return { default: () => null };
  }
});

/** Mantine (light theme), notifications and i18n (TanStack Query: see app/query.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  const wanted = useToastsWanted();
  const signedIn = Boolean(useSession().token);
  const toasts = wanted || signedIn;
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        forceColorScheme="light"
      >
        {toasts && (
          <Suspense fallback={null}>
            <Notifications position="top-right" zIndex={1000} />
          </Suspense>
        )}
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
