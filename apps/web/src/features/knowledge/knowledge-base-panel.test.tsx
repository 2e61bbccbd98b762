import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TKnowledgeSource } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { ACC, mockApi, renderPage, signInAdmin } from '../chatbots/chatbots-testing';
import { KnowledgeBasePanel } from './knowledge-base-panel';

beforeEach(async () => {
  signInAdmin();
  await i18n.changeLanguage('pt-BR');
});
afterEach(() => vi.restoreAllMocks());

const source = (patch: Partial<TKnowledgeSource>): TKnowledgeSource => ({
  _id: '0190f7a8-0000-7000-8000-00000000a001',
  acc: ACC,
  chatbotId: null,
  kind: 'file',
  name: 'politica.pdf',
  fileType: 'pdf',
  size: 2048,
  status: 'trained',
  errorCode: null,
  pages: 2,
  chunks: 3,
  trainedAt: '2026-11-24T12:00:00.000Z',
  createdAt: '2026-11-24T11:59:00.000Z',
  ...patch,
});

const SOURCES = [
  source({}),
  source({
    _id: '0190f7a8-0000-7000-8000-00000000a002',
    name: 'vazio.pdf',
    status: 'failed',
    errorCode: 'KNOWLEDGE_SOURCE_NO_TEXT',
    chunks: 0,
    trainedAt: null,
  }),
  source({
    _id: '0190f7a8-0000-7000-8000-00000000a003',
    kind: 'faq',
    name: 'Aceitam Pix?',
    status: 'training',
  }),
];

describe('knowledge base panel', { timeout: 20_000 }, () => {
  it('lists the sources with training state, size, passages and the failure reason', async () => {
    mockApi((call) =>
      call.path === '/p/ai/knowledge/sources' ? { body: { items: SOURCES, count: 3 } } : undefined,
    );
    renderPage(<KnowledgeBasePanel />, '/', `/?acc=${ACC}`);
    const rows = await screen.findAllByTestId('source-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Treinado')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Arquivo · 2 páginas')).toBeInTheDocument();
    expect(within(rows[0]).getByText('2 KB', { exact: false })).toBeInTheDocument();
    expect(within(rows[1]).getByText('Falhou')).toBeInTheDocument();
    expect(
      within(rows[1]).getByText('Nenhum texto legível foi encontrado neste arquivo'),
    ).toBeInTheDocument();
    expect(within(rows[2]).getByText('Treinando')).toBeInTheDocument();
    expect(screen.getByTestId('training-progress')).toHaveTextContent(
      '2 de 3 fontes prontas; o treinamento continua em segundo plano',
    );
  });

  it('adds a frequent question and shows the test console answer with passages and scores', async () => {
    const api = mockApi((call) => {
      if (call.path === '/p/ai/knowledge/sources') return { body: { items: [], count: 0 } };
      if (call.path === '/p/ai/knowledge/sources/faq')
        return { body: source({ kind: 'faq', name: call.body.question }) };
      if (call.path === '/p/ai/knowledge/ask')
        return {
          body: {
            passages: [
              {
                sourceId: 's1',
                sourceName: 'politica.pdf',
                page: 2,
                section: null,
                text: 'O frete é grátis acima de 200 reais.',
                score: 0.091,
              },
            ],
            answer: {
              kind: 'retrieved',
              text: 'O frete é grátis acima de 200 reais.',
              source: { sourceId: 's1', sourceName: 'politica.pdf', page: 2, section: null },
            },
          },
        };
      return undefined;
    });
    renderPage(<KnowledgeBasePanel />, '/', `/?acc=${ACC}`);
    expect(await screen.findByTestId('no-sources')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Pergunta'), { target: { value: 'Aceitam Pix?' } });
    fireEvent.change(screen.getByLabelText('Resposta'), { target: { value: 'Sim, com desconto.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/p/ai/knowledge/sources/faq')).toBe(true));
    const post = api.calls.find((c) => c.path === '/p/ai/knowledge/sources/faq')!;
    expect(post.body).toEqual({ question: 'Aceitam Pix?', answer: 'Sim, com desconto.' });
    expect(post.query.get('acc')).toBe(ACC);

    fireEvent.change(screen.getByLabelText('Pergunta do cliente'), { target: { value: 'frete grátis?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Perguntar' }));
    const result = await screen.findByTestId('console-result');
    expect(within(result).getByText('Trecho encontrado na base (sem modelo de IA)')).toBeInTheDocument();
    expect(within(result).getAllByText('politica.pdf · página 2')).toHaveLength(2);
    expect(within(result).getByText('relevância 0.091')).toBeInTheDocument();
  });

  it('says the bot would hand over when nothing matches', async () => {
    mockApi((call) => {
      if (call.path === '/p/ai/knowledge/sources') return { body: { items: [], count: 0 } };
      if (call.path === '/p/ai/knowledge/ask')
        return { body: { passages: [], answer: { kind: 'none', text: null, source: null } } };
      return undefined;
    });
    renderPage(<KnowledgeBasePanel />, '/', `/?acc=${ACC}`);
    fireEvent.change(await screen.findByLabelText('Pergunta do cliente'), { target: { value: 'Marte?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Perguntar' }));
    expect(
      await screen.findByText('Nada parecido foi encontrado: o bot passaria a conversa para um atendente.'),
    ).toBeInTheDocument();
  });

  it('adds a web page: the address is checked here, and a refused address is shown under the field', async () => {
    let refuse = true;
    const api = mockApi((call) => {
      if (call.path === '/p/ai/knowledge/sources')
        return {
          body: {
            items: [
              source({
                kind: 'url',
                name: 'Central de ajuda',
                url: 'https://loja.example.com/ajuda',
                fileType: null,
                pages: 1,
              }),
            ],
            count: 1,
          },
        };
      if (call.path === '/p/ai/knowledge/sources/url')
        return refuse
          ? {
              status: 400,
              body: { status: 0, code: 'URL_NOT_ALLOWED', message: 'Este endereço não é permitido' },
            }
          : { body: source({ kind: 'url', name: call.body.url, url: call.body.url }) };
      return undefined;
    });
    renderPage(<KnowledgeBasePanel />, '/', `/?acc=${ACC}`);
    const [row] = await screen.findAllByTestId('source-row');
    expect(within(row).getByText('Página da web')).toBeInTheDocument();
    expect(within(row).getByText('https://loja.example.com/ajuda')).toBeInTheDocument();

    const input = screen.getByLabelText('Endereço da página');
    fireEvent.change(input, { target: { value: 'loja.example.com/ajuda' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar página' }));
    expect(await screen.findByText('A URL deve começar com http:// ou https://')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/p/ai/knowledge/sources/url')).toBe(false);

    fireEvent.change(input, { target: { value: 'http://127.0.0.1:8080/admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar página' }));
    expect(
      await screen.findByText('Este endereço não é permitido: use um endereço http:// ou https:// público'),
    ).toBeInTheDocument();

    refuse = false;
    fireEvent.change(input, { target: { value: ' https://loja.example.com/faq ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar página' }));
    await waitFor(() => expect(input).toHaveValue(''));
    const posts = api.calls.filter((c) => c.path === '/p/ai/knowledge/sources/url');
    expect(posts.at(-1)!.body).toEqual({ url: 'https://loja.example.com/faq' });
    expect(posts.at(-1)!.query.get('acc')).toBe(ACC);
  });

  it('shows the web page form and its messages in English', async () => {
    await i18n.changeLanguage('en');
    mockApi((call) =>
      call.path === '/p/ai/knowledge/sources' ? { body: { items: [], count: 0 } } : undefined,
    );
    renderPage(<KnowledgeBasePanel />, '/', `/?acc=${ACC}`);
    fireEvent.change(await screen.findByLabelText('Page address'), { target: { value: 'ftp://x.com/a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add page' }));
    expect(await screen.findByText('URL must start with http:// or https://')).toBeInTheDocument();
    expect(
      screen.getByText('No sources yet. Upload a file, add a web page or a frequent question.'),
    ).toBeInTheDocument();
  });
});
