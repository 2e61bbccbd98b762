import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TTemplate } from '@atende/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectSameWhileClosing, withMotion } from '../../../test/closing-dialog';
import { Composer } from './composer';
import { messagesKey } from '../data/inbox-api';
import type { TMessagesState } from '../data/inbox-cache';
import {
  ACC,
  WHATSAPP,
  approvedTemplate,
  conversation,
  message,
  mockApi,
  renderInbox,
  uuid,
} from '../inbox-testing';

const template = approvedTemplate();

const withHeader: TTemplate = {
  ...template,
  _id: uuid(89),
  name: 'entrega_agendada',
  header: 'Pedido {{1}}',
  body: 'Olá {{1}}, sua entrega chega {{2}}.',
  examples: { body: ['Ana', 'amanhã'], header: ['1234'] },
};

const whatsappConversation = (hoursSinceCustomer: number) =>
  conversation({
    stage: 'attendance',
    channelId: WHATSAPP,
    channelKind: 'whatsapp-cloud',
    lastInboundAt: new Date(Date.now() - hoursSinceCustomer * 3_600_000).toISOString(),
  });

type TSendAnswer = { status?: number; body: unknown };

function setUp(opts: { hours?: number; templates?: TTemplate[]; answers?: TSendAnswer[] } = {}) {
  const c = whatsappConversation(opts.hours ?? 25);
  const answers = [...(opts.answers ?? [])];
  const api = mockApi((call) => {
    if (call.path === '/p/chat/quick-messages') return { body: [] };
    if (call.path === '/p/chat/templates')
      return { body: { items: opts.templates ?? [template], count: (opts.templates ?? [template]).length } };
    if (call.path === `/p/chat/conversation/${c._id}/messages` && call.method === 'POST')
      return (
        answers.shift() ?? {
          body: [
            message({
              conversationId: c._id,
              uid: call.body.clientId,
              author: 'operator',
              kind: 'template',
              body: 'Olá Carla, seu pedido 987 foi enviado.',
            }),
          ],
        }
      );
    return undefined;
  });
  const sent: string[] = [];
  const view = renderInbox(
    <Composer
      acc={c.acc}
      conversation={c}
      canReply={(opts.hours ?? 25) < 24}
      onSend={(text) => sent.push(text)}
    />,
  );
  view.client.setQueryData<TMessagesState>(messagesKey(ACC, c._id), { items: [], hasOlder: false });
  const posts = () => api.calls.filter((x) => x.method === 'POST');
  return { ...api, ...view, c, sent, posts };
}

async function openPicker(button: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Enviar modelo' });
  const select = within(dialog).getByRole('textbox', { name: /^Modelo/ });
  await waitFor(() => expect(select).toBeEnabled());
  return { dialog, select };
}

function pickTemplate(select: HTMLElement, option: string) {
  fireEvent.click(select);
  const listbox = document.getElementById(select.getAttribute('aria-controls')!)!;
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

/** The text of the label an input is named by. */
const labelOf = (el: HTMLElement) =>
  document.querySelector(`label[for="${el.id}"]`)?.textContent?.replace(/\s*\*$/, '') ?? '';

afterEach(() => vi.restoreAllMocks());

describe('templates in the composer', () => {
  it('window closed: a notice and the template button instead of the text box; the picker previews live', async () => {
    setUp({ hours: 25 });
    expect(
      screen.getByText(
        'A janela de 24 horas está fechada: envie um modelo aprovado para retomar a conversa.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    // Private notes remain possible.
    expect(screen.getByRole('radio', { name: 'Nota privada' })).toBeEnabled();

    const { dialog, select } = await openPicker('Escolher modelo');
    pickTemplate(select, 'pedido_enviado (pt_BR)');
    // No header variable: the fields are simply numbered, the review example under each.
    expect(within(dialog).getByRole('textbox', { name: 'Variável 1' })).toHaveAccessibleDescription(
      'Ex.: Ana',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 1' }), {
      target: { value: 'Carla' },
    });
    expect(within(dialog).getByText('Olá Carla, seu pedido {{2}} foi enviado.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 2' }), {
      target: { value: '987' },
    });
    expect(within(dialog).getByText('Olá Carla, seu pedido 987 foi enviado.')).toBeInTheDocument();
  });

  it('sends the template id and the variables, adds the stored message and closes', async () => {
    const { posts, client, c } = setUp({ hours: 25 });
    const { dialog, select } = await openPicker('Escolher modelo');
    pickTemplate(select, 'pedido_enviado (pt_BR)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 1' }), {
      target: { value: ' Carla ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 2' }), {
      target: { value: '987' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar modelo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toHaveLength(1);
    expect(posts()[0].path).toBe(`/p/chat/conversation/${c._id}/messages`);
    expect(posts()[0].query.get('acc')).toBe(ACC);
    expect(posts()[0].body).toEqual({
      clientId: expect.stringMatching(/^web-/),
      templateId: template._id,
      variables: ['Carla', '987'],
    });
    const cached = client.getQueryData<TMessagesState>(messagesKey(ACC, c._id));
    expect(cached?.items.map((m) => m.body)).toEqual(['Olá Carla, seu pedido 987 foi enviado.']);
  });

  it('keeps the picked template and its values while the picker fades out; the next opening starts empty', async () => {
    await withMotion(async () => {
      const { posts } = setUp({ hours: 25 });
      for (const button of ['Cancelar', 'Enviar modelo']) {
        const { dialog, select } = await openPicker('Escolher modelo');
        expect(within(dialog).queryByRole('textbox', { name: 'Variável 1' })).toBeNull();
        pickTemplate(select, 'pedido_enviado (pt_BR)');
        fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 1' }), {
          target: { value: 'Carla' },
        });
        fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 2' }), {
          target: { value: '987' },
        });
        expect(within(dialog).getByText('Olá Carla, seu pedido 987 foi enviado.')).toBeInTheDocument();
        await expectSameWhileClosing(dialog, () =>
          fireEvent.click(within(dialog).getByRole('button', { name: button })),
        );
      }
      expect(posts()).toHaveLength(1);
    });
  });

  it('every variable is required before anything is sent', async () => {
    const { posts } = setUp({ hours: 25 });
    const { dialog, select } = await openPicker('Escolher modelo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar modelo' }));
    expect(await within(dialog).findByText('Selecione campo é obrigatório')).toBeInTheDocument();
    pickTemplate(select, 'pedido_enviado (pt_BR)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 1' }), {
      target: { value: 'Carla' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 2' }), {
      target: { value: '   ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar modelo' }));
    const variable2 = within(dialog).getByRole('textbox', { name: 'Variável 2' });
    await waitFor(() => expect(variable2).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Este campo é obrigatório')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Variável 1' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts()).toHaveLength(0);
  });

  it('a header variable: the fields say which part they fill, header first; examples are descriptions, not red placeholders', async () => {
    const { posts } = setUp({ hours: 25, templates: [template, withHeader] });
    const { dialog, select } = await openPicker('Escolher modelo');
    pickTemplate(select, 'entrega_agendada (pt_BR)');
    const fields = within(dialog)
      .getAllByRole('textbox')
      .filter((el) => el !== select);
    expect(fields.map(labelOf)).toEqual(['Cabeçalho {{1}}', 'Corpo {{1}}', 'Corpo {{2}}']);
    expect(within(dialog).queryByRole('textbox', { name: 'Variável 1' })).toBeNull();
    const header = within(dialog).getByRole('textbox', { name: 'Cabeçalho {{1}}' });
    expect(header).toHaveAccessibleDescription('Ex.: 1234');
    expect(within(dialog).getByRole('textbox', { name: 'Corpo {{2}}' })).toHaveAccessibleDescription(
      'Ex.: amanhã',
    );

    // Empty and invalid: the error under each field, no example value painted inside it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar modelo' }));
    await waitFor(() => expect(header).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getAllByText('Este campo é obrigatório')).toHaveLength(3);
    for (const field of fields) {
      expect(field).toHaveValue('');
      expect(field).not.toHaveAttribute('placeholder');
    }
    expect(posts()).toHaveLength(0);

    fireEvent.change(header, { target: { value: '987' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Corpo {{1}}' }), {
      target: { value: 'Carla' },
    });
    expect(within(dialog).getByText('Pedido 987')).toBeInTheDocument();
    expect(within(dialog).getByText('Olá Carla, sua entrega chega {{2}}.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Corpo {{2}}' }), {
      target: { value: 'amanhã' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar modelo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()[0].body).toMatchObject({
      templateId: withHeader._id,
      variables: ['987', 'Carla', 'amanhã'],
    });
  });

  it("the server's refusal is shown translated; the retry of the same values keeps the client id", async () => {
    const { posts } = setUp({
      hours: 25,
      answers: [
        {
          status: 409,
          body: {
            status: 0,
            code: 'TEMPLATE_NOT_APPROVED',
            message: 'This template is not approved by WhatsApp yet',
          },
        },
        {
          status: 400,
          body: {
            status: 0,
            code: 'VALIDATION_FAILED',
            message: 'Please correct all errors in your form',
            fields: [{ path: 'variables.1', key: 'required', message: 'This field is required' }],
          },
        },
      ],
    });
    const { dialog, select } = await openPicker('Escolher modelo');
    pickTemplate(select, 'pedido_enviado (pt_BR)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 1' }), {
      target: { value: 'Carla' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Variável 2' }), {
      target: { value: '987' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar modelo' }));
    expect(await screen.findByText('Este modelo ainda não foi aprovado pelo WhatsApp')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Enviar modelo' })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar modelo' }));
    const variable2 = within(dialog).getByRole('textbox', { name: 'Variável 2' });
    await waitFor(() => expect(variable2).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Este campo é obrigatório')).toBeInTheDocument();
    expect(posts()).toHaveLength(2);
    expect(posts()[1].body.clientId).toBe(posts()[0].body.clientId);

    fireEvent.change(variable2, { target: { value: '988' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar modelo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toHaveLength(3);
    expect(posts()[2].body.clientId).not.toBe(posts()[0].body.clientId);
  });

  it('window open: the text box stays and the Template button (with its tooltip) opens the picker', async () => {
    const { sent } = setUp({ hours: 1 });
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeEnabled();
    expect(screen.queryByText(/janela de 24 horas está fechada/)).toBeNull();
    const button = screen.getByRole('button', { name: 'Enviar modelo' });
    fireEvent.mouseEnter(button);
    expect(await screen.findByRole('tooltip', { name: 'Enviar modelo' })).toBeInTheDocument();
    await openPicker('Enviar modelo');
    expect(sent).toEqual([]);
  });

  it('no approved template: the picker says how to get one and offers no send', async () => {
    setUp({ hours: 25, templates: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Escolher modelo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar modelo' });
    expect(
      await within(dialog).findByText(
        'Crie um modelo em Modelos e aguarde a aprovação do WhatsApp para enviá-lo aqui.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Enviar modelo' })).toBeNull();
  });

  it('web chat conversations have no Template button', () => {
    mockApi((call) => (call.path === '/p/chat/quick-messages' ? { body: [] } : undefined));
    const c = conversation({ stage: 'attendance' });
    renderInbox(<Composer acc={c.acc} conversation={c} canReply onSend={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Enviar modelo' })).toBeNull();
  });
});
