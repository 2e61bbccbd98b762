import { Component, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusPage } from '../../ui/status-page';
import { reportRenderError } from '../error-reporting';
import { isChunkLoadError } from '../lazy-page';

/** The error page of a data router's route (`errorElement`). */
export function RouterErrorPage() {
  return <ErrorView error={useRouteError()} />;
}

/**
 * The app's render errors (app/router.tsx): the page shows ErrorView (the error is reported) and
 * goes back to normal on the next navigation.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; location: string },
  { error: unknown; at: string | null }
> {
  override state = { error: null as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { location: string },
    state: { error: unknown; at: string | null },
  ): Partial<{ error: unknown; at: string | null }> | null {
    if (state.at === null) return { at: props.location };
    if (state.at !== props.location) return { error: null, at: props.location };
    return null;
  }

  /** Render errors go to the error-reporting collector when one is configured (issue 13). */
  override componentDidCatch(error: unknown) {
    reportRenderError(error);
  }

  override render() {
    return this.state.error != null ? <ErrorView error={this.state.error} /> : this.props.children;
  }
}

/** Render errors; a page whose code could not be loaded offers to reload into the new version. */
export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation('status');
  const reload = (
    <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
      {t('actions.reload')}
    </Button>
  );
  if (isChunkLoadError(error)) {
    return (
      <StatusPage
        icon={<IconRefresh size={32} />}
        title={t('newVersion.title')}
        description={t('newVersion.description')}
        actions={reload}
      />
    );
  }
  console.error(error);
  return (
    <StatusPage
      icon={<IconAlertTriangle size={32} />}
      color="red"
      code="500"
      title={t('serverError.title')}
      description={t('serverError.description')}
      actions={reload}
    />
  );
}
