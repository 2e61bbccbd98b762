import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Wrapper } from '../test/setup';
import { changeLanguage, i18n } from './i18n';
import { notify } from './notify';
import { LanguageSwitch } from './shell/language-switch';

afterEach(async () => {
  notifications.clean();
  await i18n.changeLanguage('pt-BR');
});

describe('toasts and the interface language', () => {
  it('closes a toast written in Portuguese when the language switches to English; new ones stay', async () => {
    render(
      <>
        <Notifications />
        <LanguageSwitch />
      </>,
      { wrapper: Wrapper },
    );
    const onClose = vi.fn();
    notify({ color: 'green', message: i18n.t('app-store:webhooks.saved'), onClose });
    expect(await screen.findByText('Endpoint salvo')).toBeInTheDocument();
    // The top bar's switch: 'Idioma', then 'English'.
    fireEvent.click(screen.getByRole('button', { name: 'Idioma' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    await waitFor(() => expect(screen.queryByText('Endpoint salvo')).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);

    notify({ color: 'green', message: i18n.t('app-store:webhooks.saved') });
    expect(await screen.findByText('Endpoint saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // Setting the language already in use (as signing in does) keeps the toast.
    await act(() => changeLanguage('en'));
    expect(screen.getByText('Endpoint saved')).toBeInTheDocument();
    await act(() => changeLanguage('pt-BR'));
    await waitFor(() => expect(screen.queryByText('Endpoint saved')).toBeNull());
  });
});
