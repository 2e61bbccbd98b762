import { ZAutomationBody } from '@atende/shared';
import type { FastifyInstance } from 'fastify';

/**
 * The demo account's automations, through the automations service as a member would build them
 * (created after the demo conversations, so none of them fires on the seeded history): a silence
 * follow-up that closes after a while, a rule that tags customers asking about prices (off, to be
 * tried), a team e-mail for complaints outside the hours (off), and the automatic messages' texts
 * (off until an admin turns them on).
 */
export async function seedDemoAutomations(app: FastifyInstance, accountId: string, userId: string) {
  const { automations } = app.services;
  const tags = new Map((await app.services.contacts.tags.list(accountId)).map((t) => [t.name, t._id]));
  const rules = [
    {
      name: 'Cliente sem responder: lembrete e encerramento',
      trigger: { type: 'no_customer_reply', minutes: 30 },
      actions: [
        { type: 'send_message', text: 'Oi {{firstName}}, ainda posso ajudar em algo?' },
        { type: 'wait', minutes: 60 },
        { type: 'close', reason: 'Sem resposta do cliente' },
      ],
    },
    {
      name: 'Pergunta de preço → etiqueta Atacado',
      trigger: { type: 'message.received' },
      active: false,
      conditions: {
        match: 'all',
        groups: [
          {
            match: 'any',
            conditions: [
              { field: 'messageText', op: 'contains', value: 'preço' },
              { field: 'messageText', op: 'regex', value: '\\b(valor|quanto custa)\\b' },
            ],
          },
        ],
      },
      actions: [
        { type: 'add_tag', tagId: tags.get('Atacado') ?? '' },
        { type: 'note', text: 'Cliente perguntou preço: ofereça a tabela de atacado.' },
      ],
    },
    {
      name: 'Reclamação fora do horário → e-mail para a equipe',
      trigger: { type: 'message.received' },
      active: false,
      conditions: {
        match: 'all',
        groups: [
          {
            match: 'all',
            conditions: [
              { field: 'hours', value: 'outside' },
              { field: 'tags', op: 'has_any', values: [tags.get('Reclamação') ?? ''] },
            ],
          },
        ],
      },
      actions: [
        {
          type: 'email',
          to: ['suporte@example.com'],
          subject: 'Reclamação fora do horário: {{name}}',
          text: '{{name}} ({{phone}}) escreveu fora do horário de atendimento.',
        },
      ],
    },
  ];
  for (const rule of rules)
    if (!JSON.stringify(rule).includes('""'))
      await automations.create(accountId, userId, ZAutomationBody.parse(rule));
  const texts = {
    greeting: 'Olá, {{firstName}}! Obrigado por falar com a Loja Demo. Já vamos te atender.',
    queue: 'Todos os atendentes estão ocupados; você é o próximo da fila.',
    transfer: 'Estamos passando sua conversa para o setor certo.',
    close: 'Obrigado pelo contato, {{firstName}}! Qualquer coisa, é só chamar.',
    inactivity: 'Encerramos esta conversa por falta de resposta. Quando quiser, é só escrever de novo.',
  } as const;
  for (const [kind, text] of Object.entries(texts))
    await automations.setAutoMessage(accountId, kind as keyof typeof texts, {
      active: false,
      text,
      minutes: kind === 'queue' ? 5 : null,
    });
}
