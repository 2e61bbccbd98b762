import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { ACC, renderPage, signInAdmin } from '../chatbots/chatbots-testing';
import { FAQ_PAGES, FaqArticlePage, FaqIndexPage } from './faq-pages';

beforeEach(async () => {
  signInAdmin();
  await i18n.changeLanguage('pt-BR');
});

describe('AI chatbot help pages', { timeout: 20_000 }, () => {
  it('the index links every subpage, and a subpage reads and links back', async () => {
    renderPage(<FaqIndexPage />, '/faq/chatbot-ia', `/faq/chatbot-ia?acc=${ACC}`);
    expect(await screen.findByRole('heading', { name: 'Ajuda: chatbot com IA' })).toBeInTheDocument();
    const links = FAQ_PAGES.map((page) =>
      screen
        .getAllByRole('link')
        .find((a) => a.getAttribute('href') === `/faq/chatbot-ia/${page}?acc=${ACC}`),
    );
    expect(links.every(Boolean)).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Base de conhecimento' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/faq/chatbot-ia/base-conhecimento?acc=${ACC}`,
      ),
    );
  });

  it('each subpage has its title, sections and a back link, in both languages', async () => {
    for (const lang of ['pt-BR', 'en']) {
      await i18n.changeLanguage(lang);
      for (const page of FAQ_PAGES) {
        const view = renderPage(
          <FaqArticlePage />,
          '/faq/chatbot-ia/:page',
          `/faq/chatbot-ia/${page}?acc=${ACC}`,
        );
        const title = i18n.t(`pages.${page}.title`, { ns: 'faq' });
        expect(title).not.toBe(`pages.${page}.title`);
        expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
        expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(2);
        expect(screen.getByRole('link', { name: i18n.t('back', { ns: 'faq' }) })).toHaveAttribute(
          'href',
          `/faq/chatbot-ia?acc=${ACC}`,
        );
        expect(document.body.textContent).not.toMatch(/pages\.|sections|returnObjects/);
        view.unmount();
      }
    }
  });

  it('the prompt pages show good and bad examples', async () => {
    renderPage(<FaqArticlePage />, '/faq/chatbot-ia/:page', `/faq/chatbot-ia/exemplos-prompts?acc=${ACC}`);
    expect((await screen.findAllByTestId('example-good')).length).toBe(3);
    expect(screen.getAllByTestId('example-bad').length).toBe(3);
    expect(screen.getAllByText('Bom exemplo').length).toBe(3);
  });

  it('describes what the AI does today: bots on the channels, the inbox assistant, usage and hand-over rules', async () => {
    const overview = renderPage(
      <FaqArticlePage />,
      '/faq/chatbot-ia/:page',
      `/faq/chatbot-ia/atende-ia?acc=${ACC}`,
    );
    expect(await screen.findByText(/responde aos clientes nos canais escolhidos/)).toBeInTheDocument();
    expect(screen.getByText(/Sugerir resposta, Resumir conversa/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'O que ainda não está disponível' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/ainda não (responde|estão disponíveis)/);
    overview.unmount();
    renderPage(
      <FaqArticlePage />,
      '/faq/chatbot-ia/:page',
      `/faq/chatbot-ia/configuracoes-avancadas?acc=${ACC}`,
    );
    expect(await screen.findByText(/IA compatível com OpenAI → Instalar/)).toBeInTheDocument();
    expect(
      screen.getByText(/Perguntas seguidas sem resposta: depois de tantas perguntas/),
    ).toBeInTheDocument();
    expect(screen.getByText(/o quadro Uso em \(mês atual\)/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'O que ainda não está disponível' })).toBeNull();
  });

  it('states what is truly not available yet, on the knowledge base page only', async () => {
    renderPage(<FaqArticlePage />, '/faq/chatbot-ia/:page', `/faq/chatbot-ia/base-conhecimento?acc=${ACC}`);
    expect(
      await screen.findByRole('heading', { name: 'O que ainda não está disponível' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Escrever ou editar um texto em Markdown na tela/)).toBeInTheDocument();
    expect(screen.getByText(/Páginas da web \(Adicionar página da web\)/)).toBeInTheDocument();
  });

  it('an unknown page is the 404 page', async () => {
    renderPage(<FaqArticlePage />, '/faq/chatbot-ia/:page', `/faq/chatbot-ia/nao-existe?acc=${ACC}`);
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.queryByText('Voltar para a ajuda do chatbot com IA')).toBeNull();
  });
});
