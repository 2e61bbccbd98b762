import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRONT_VERSION } from '../../app/api-client';
import { Wrapper, jsonResponse } from '../../test/setup';
import { resetSession } from '../../app/session';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

afterEach(() => vi.restoreAllMocks());

function renderPage(node: React.ReactNode) {
  resetSession({ token: null, status: 'anonymous' });
  return render(<MemoryRouter>{node}</MemoryRouter>, { wrapper: Wrapper });
}

describe('login form', () => {
  it('asks for the required fields before calling the server', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPage(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findAllByText('Este campo é obrigatório')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Insira um e-mail válido')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the wrong-password message from the server's code and sends remember_me", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse(401, { status: 0, code: 'INVALID_CREDENTIALS', message: 'x' }));
    renderPage(<LoginPage />);
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'Ana@Loja.com' } });
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/g/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ana@loja.com',
      password: 'wrong',
      remember_me: true,
    });
    expect((init?.headers as Record<string, string> | undefined)?.['Front-Version']).toBe(FRONT_VERSION);
  });
});

describe('register form', () => {
  it("shows the spec's mismatch message and the strength level", async () => {
    renderPage(<RegisterPage />);
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'Atende#2025x' } });
    expect(screen.getByText('Muito forte')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Confirme a senha/), { target: { value: 'Other#2025x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('As senhas não coincidem. Tente novamente.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'abc' } });
    expect(screen.getByText('Muito fraca')).toBeInTheDocument();
  });

  it('checks the phone with the default +55 and moves to the company step', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(200, { status: 1, data: { available: true } }),
    );
    renderPage(<RegisterPage />);
    fireEvent.change(screen.getByLabelText(/^Nome completo/), { target: { value: 'Ana Souza' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ana@loja.com' } });
    fireEvent.change(screen.getByLabelText(/^Telefone/), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'Atende#2025x' } });
    fireEvent.change(screen.getByLabelText(/^Confirme a senha/), { target: { value: 'Atende#2025x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Telefone inválido, por favor verifique')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Telefone/), { target: { value: '(11) 98765-4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByLabelText(/^Nome da empresa/)).toBeInTheDocument();
  });

  it('says an already registered e-mail on the first step, where the field is', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse(200, { status: 1, data: { available: false } }));
    renderPage(<RegisterPage />);
    fireEvent.change(screen.getByLabelText(/^Nome completo/), { target: { value: 'Ana Souza' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ana@loja.com' } });
    fireEvent.change(screen.getByLabelText(/^Telefone/), { target: { value: '(11) 98765-4321' } });
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'Atende#2025x' } });
    fireEvent.change(screen.getByLabelText(/^Confirme a senha/), { target: { value: 'Atende#2025x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Este e-mail já está cadastrado')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nome da empresa/)).not.toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/g/auth/email-available');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@loja.com' });
  });
});
