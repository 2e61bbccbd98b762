import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Wrapper } from '../test/setup';
import { changeLanguage, errorText, i18n } from './i18n';
import { ApiError } from './api-client';
import { notify } from './notify';
import { LanguageSwitch } from './shell/language-switch';

afterEach(async () => {
  notifications.clean();
  await i18n.changeLanguage('pt-BR');
});

function renderToasts() {
  render(
    <>
      <Notifications />
      <LanguageSwitch />
    </>,
    { wrapper: Wrapper },
  );
}

describe('toasts and the interface language', () => {
  it('a toast shown in Portuguese reads in English after the switch, stays open, and back', async () => {
    renderToasts();
    const onClose = vi.fn();
    const failure = new ApiError(404, 'CONTACT_NOT_FOUND', 'Contact not found.');
    notify({ color: 'green', message: (t) => t('app-store:webhooks.saved'), onClose });
    notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, failure) });
    const saved = (await screen.findByText('Endpoint salvo')).closest<HTMLElement>(
      '.mantine-Notification-root',
    )!;
    const error = screen.getByText('Erro').closest<HTMLElement>('.mantine-Notification-root')!;
    expect(within(error).getByText('Contato não encontrado')).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();

    // The top bar's switch: 'Idioma', then 'English'.
    fireEvent.click(screen.getByRole('button', { name: 'Idioma' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await within(saved).findByText('Endpoint saved')).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(error).getByText('Error')).toBeInTheDocument();
    expect(within(error).getByText('Contact not found')).toBeInTheDocument();
    expect(screen.queryByText('Endpoint salvo')).toBeNull();
    expect(saved).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await act(() => changeLanguage('pt-BR'));
    expect(within(saved).getByText('Endpoint salvo')).toBeInTheDocument();
    expect(within(error).getByText('Contato não encontrado')).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });
});
