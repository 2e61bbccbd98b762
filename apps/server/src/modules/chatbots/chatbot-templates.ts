import { type TChatbotTemplate, type TFlowBlock, type TFlowDocument, ZFlowDocument } from '@atende/shared';

/**
 * The gallery: ready flows a bot starts from (POST /p/chatbots { templateId }). Texts are pt-BR
 * (the product's first language); the admin edits them in the editor. Names and descriptions are
 * keys of the web's 'chatbots' namespace: templates.<id>.name / templates.<id>.description.
 */
export const CHATBOT_TEMPLATE_IDS = [
  'department-menu',
  'lead-capture',
  'business-hours',
  'appointment',
  'faq',
  'satisfaction',
] as const;

export function chatbotTemplates(): TChatbotTemplate[] {
  return CHATBOT_TEMPLATE_IDS.map((id) => ({
    id,
    type: 'flow',
    nameKey: `templates.${id}.name`,
    descriptionKey: `templates.${id}.description`,
  }));
}

/** Blocks as written here; ZFlowDocument.parse checks them and fills the defaults. */
type TBlockIn = { id: string; type: TFlowBlock['type'] } & Record<string, unknown>;
const group = (id: string, title: string, x: number, y: number, blocks: TBlockIn[]) => ({
  id,
  title,
  position: { x, y },
  blocks,
});
const start = (to: string) => ({
  events: [{ id: 'start', kind: 'start' as const, position: { x: 0, y: 0 } }],
  startEdge: { id: 'e-start', from: { eventId: 'start' }, to: { groupId: to } },
});
const edge = (id: string, blockId: string, exit: string, groupId: string) => ({
  id,
  from: { blockId, exit },
  to: { groupId },
});

const departmentMenu = (): unknown => {
  const s = start('g-welcome');
  return {
    version: 1,
    variables: [{ id: 'v-department', name: 'departamento' }],
    events: s.events,
    groups: [
      group('g-welcome', 'Boas-vindas', 200, 0, [
        { id: 'b-hello', type: 'text', text: 'Olá, {{$firstName}}! Sou o assistente virtual. 👋' },
        {
          id: 'b-menu',
          type: 'choice_input',
          prompt: 'Com qual área você quer falar?',
          variableId: 'v-department',
          retryMessage: 'Não entendi. Responda com o número de uma das opções.',
          options: [
            { id: 'o-sales', title: 'Vendas' },
            { id: 'o-support', title: 'Suporte' },
            { id: 'o-billing', title: 'Financeiro' },
          ],
        },
      ]),
      group('g-handover', 'Atendimento', 600, 0, [
        {
          id: 'b-wait',
          type: 'text',
          text: 'Certo! Vou te passar para a equipe de {{departamento}}. Aguarde um instante.',
        },
        { id: 'b-transfer', type: 'transfer' },
      ]),
    ],
    edges: [
      s.startEdge,
      edge('e-sales', 'b-menu', 'o-sales', 'g-handover'),
      edge('e-support', 'b-menu', 'o-support', 'g-handover'),
      edge('e-billing', 'b-menu', 'o-billing', 'g-handover'),
      edge('e-exhausted', 'b-menu', 'retry_exhausted', 'g-handover'),
    ],
  };
};

const leadCapture = (): unknown => {
  const s = start('g-lead');
  const ask = (id: string, type: TFlowBlock['type'], prompt: string, saveTo: string, retry: string) => ({
    id,
    type,
    prompt,
    saveTo,
    retryMessage: retry,
  });
  return {
    version: 1,
    variables: [],
    events: s.events,
    groups: [
      group('g-lead', 'Cadastro', 200, 0, [
        { id: 'b-intro', type: 'text', text: 'Olá! Para te atender melhor, preciso de alguns dados.' },
        ask('b-name', 'text_input', 'Qual é o seu nome completo?', 'name', 'Por favor, digite o seu nome.'),
        ask(
          'b-email',
          'email_input',
          'Qual é o seu e-mail?',
          'email',
          'Esse e-mail não parece válido. Tente de novo.',
        ),
        ask(
          'b-phone',
          'phone_input',
          'Qual é o seu telefone com DDD?',
          'phone',
          'Telefone inválido. Exemplo: 11 91234-5678.',
        ),
        ask(
          'b-cpf',
          'cpf_cnpj_input',
          'Qual é o seu CPF?',
          'cpf',
          'CPF inválido. Confira os números e envie de novo.',
        ),
        {
          id: 'b-thanks',
          type: 'text',
          text: 'Obrigado, {{$firstName}}! Um especialista vai falar com você em breve.',
        },
        { id: 'b-transfer', type: 'transfer' },
      ]),
    ],
    edges: [s.startEdge],
  };
};

const businessHours = (): unknown => {
  const s = start('g-check');
  return {
    version: 1,
    variables: [],
    events: s.events,
    groups: [
      group('g-check', 'Horário', 200, 0, [{ id: 'b-hours', type: 'business_hours' }]),
      group('g-open', 'Aberto', 600, -120, [
        { id: 'b-open', type: 'text', text: '{{$momentOfDay}}! Já vou te passar para um atendente.' },
        { id: 'b-transfer', type: 'transfer' },
      ]),
      group('g-closed', 'Fechado', 600, 120, [
        {
          id: 'b-closed',
          type: 'text',
          text: 'Nosso atendimento está fechado agora. Deixe sua mensagem que respondemos no próximo horário de atendimento.',
        },
        { id: 'b-message', type: 'text_input', prompt: 'O que você precisa?', variableId: null },
        { id: 'b-ok', type: 'text', text: 'Recebido! Obrigado.' },
        { id: 'b-transfer-closed', type: 'transfer' },
      ]),
    ],
    edges: [
      s.startEdge,
      edge('e-open', 'b-hours', 'open', 'g-open'),
      edge('e-closed', 'b-hours', 'closed', 'g-closed'),
    ],
  };
};

const appointment = (): unknown => {
  const s = start('g-ask');
  return {
    version: 1,
    variables: [
      { id: 'v-date', name: 'data' },
      { id: 'v-time', name: 'horario' },
      { id: 'v-protocol', name: 'protocolo' },
    ],
    events: s.events,
    groups: [
      group('g-ask', 'Agendamento', 200, 0, [
        { id: 'b-intro', type: 'text', text: 'Vamos agendar o seu horário.' },
        {
          id: 'b-date',
          type: 'date_input',
          prompt: 'Para qual dia? (dd/mm/aaaa)',
          variableId: 'v-date',
          retryMessage: 'Data inválida. Use dd/mm/aaaa.',
        },
        {
          id: 'b-time',
          type: 'time_input',
          prompt: 'Qual horário? (hh:mm)',
          variableId: 'v-time',
          retryMessage: 'Horário inválido. Use hh:mm.',
        },
        {
          id: 'b-http',
          type: 'http_request',
          method: 'POST',
          url: 'https://api.example.com/appointments',
          body: '{"name": "{{$name}}", "phone": "{{$phone}}", "date": "{{data}}", "time": "{{horario}}"}',
          mapping: [{ path: 'id', variableId: 'v-protocol' }],
        },
      ]),
      group('g-done', 'Confirmado', 600, -120, [
        {
          id: 'b-done',
          type: 'text',
          text: 'Agendado para {{data}} às {{horario}}. Protocolo: {{protocolo}}.',
        },
        { id: 'b-end', type: 'end' },
      ]),
      group('g-fail', 'Erro', 600, 120, [
        { id: 'b-fail', type: 'text', text: 'Não consegui agendar agora. Vou te passar para um atendente.' },
        { id: 'b-transfer', type: 'transfer' },
      ]),
    ],
    edges: [
      s.startEdge,
      edge('e-ok', 'b-http', 'success', 'g-done'),
      edge('e-error', 'b-http', 'error', 'g-fail'),
    ],
  };
};

const faq = (): unknown => {
  const s = start('g-menu');
  const answer = (id: string, text: string) =>
    group(`g-${id}`, id, 600, 0, [
      { id: `b-${id}`, type: 'text', text },
      { id: `b-${id}-back`, type: 'jump', groupId: 'g-menu' },
    ]);
  return {
    version: 1,
    variables: [],
    events: s.events,
    groups: [
      group('g-menu', 'Perguntas frequentes', 200, 0, [
        {
          id: 'b-faq',
          type: 'choice_input',
          prompt: 'Sobre o que é a sua dúvida?',
          retryMessage: 'Escolha uma das opções pelo número.',
          options: [
            { id: 'o-hours', title: 'Horário' },
            { id: 'o-address', title: 'Endereço' },
            { id: 'o-payment', title: 'Pagamento' },
            { id: 'o-human', title: 'Falar com atendente' },
          ],
        },
      ]),
      answer('hours', 'Atendemos de segunda a sexta, das 8h às 18h.'),
      answer('address', 'Estamos na Av. Paulista, 1000 — São Paulo/SP.'),
      answer('payment', 'Aceitamos Pix, boleto e cartão de crédito em até 12x.'),
      group('g-human', 'Atendente', 600, 240, [{ id: 'b-human', type: 'transfer' }]),
    ],
    edges: [
      s.startEdge,
      edge('e-hours', 'b-faq', 'o-hours', 'g-hours'),
      edge('e-address', 'b-faq', 'o-address', 'g-address'),
      edge('e-payment', 'b-faq', 'o-payment', 'g-payment'),
      edge('e-human', 'b-faq', 'o-human', 'g-human'),
      edge('e-exhausted', 'b-faq', 'retry_exhausted', 'g-human'),
    ],
  };
};

const satisfaction = (): unknown => {
  const s = start('g-rate');
  return {
    version: 1,
    variables: [
      { id: 'v-score', name: 'nota' },
      { id: 'v-comment', name: 'comentario' },
    ],
    events: s.events,
    groups: [
      group('g-rate', 'Avaliação', 200, 0, [
        {
          id: 'b-score',
          type: 'rating_input',
          scale: 'csat',
          prompt: 'De 1 a 5, como foi o seu atendimento?',
          variableId: 'v-score',
          retryMessage: 'Responda com um número de 1 a 5.',
          timeout: { minutes: 60 },
        },
        {
          id: 'b-low',
          type: 'condition',
          conditions: [{ left: 'v-score', operator: 'less_than', right: '4' }],
        },
        { id: 'b-thanks', type: 'text', text: 'Obrigado pela avaliação! 😊' },
        { id: 'b-close', type: 'close' },
      ]),
      group('g-comment', 'Comentário', 600, 120, [
        {
          id: 'b-comment',
          type: 'text_input',
          prompt: 'Poxa! O que podemos melhorar?',
          variableId: 'v-comment',
        },
        { id: 'b-noted', type: 'text', text: 'Anotado. Obrigado por nos ajudar a melhorar.' },
        { id: 'b-close-2', type: 'close' },
      ]),
    ],
    edges: [s.startEdge, edge('e-low', 'b-low', 'true', 'g-comment')],
  };
};

const BUILDERS: Record<(typeof CHATBOT_TEMPLATE_IDS)[number], () => unknown> = {
  'department-menu': departmentMenu,
  'lead-capture': leadCapture,
  'business-hours': businessHours,
  appointment,
  faq,
  satisfaction,
};

/** A template's flow (parsed: defaults filled), or undefined for an unknown id. */
export function flowTemplate(id: string): TFlowDocument | undefined {
  const build = BUILDERS[id as keyof typeof BUILDERS];
  return build ? ZFlowDocument.parse(build()) : undefined;
}
