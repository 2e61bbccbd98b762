// What the demo account holds: a small shop answering its customers on the site's web chat.
// Plain data (Portuguese: the demo user's language); seed-demo.ts writes it through the services.

export const DEMO_CHANNEL = {
  kind: 'webchat',
  name: 'Chat do site',
  slug: 'demo-loja',
  color: '#228be6',
  greeting: 'Olá! Como podemos ajudar?',
} as const;

export const DEMO_TAGS = [
  { key: 'vip', name: 'VIP', color: '#fab005' },
  { key: 'wholesale', name: 'Atacado', color: '#7950f2' },
  { key: 'complaint', name: 'Reclamação', color: '#fa5252' },
  { key: 'referral', name: 'Indicação', color: '#40c057' },
  { key: 'newsletter', name: 'Newsletter', color: '#15aabf' },
] as const;
export type TDemoTag = (typeof DEMO_TAGS)[number]['key'];

export const DEMO_CLOSING_REASONS = [
  { name: 'Resolvida', subReasons: ['Dúvida esclarecida', 'Pedido concluído', 'Troca aprovada'] },
  { name: 'Venda realizada', subReasons: [] },
  { name: 'Sem resposta do cliente', subReasons: [] },
  { name: 'Encaminhada a outro setor', subReasons: ['Financeiro', 'Logística'] },
];

export const DEMO_QUICK_MESSAGES = [
  { shortcut: 'ola', text: 'Olá! Aqui é da Loja Demo, tudo bem? Como posso ajudar?' },
  {
    shortcut: 'prazo',
    text: 'O prazo de entrega para capitais é de 3 a 5 dias úteis e para o interior de 5 a 8 dias úteis, contados a partir da confirmação do pagamento.',
  },
  {
    shortcut: 'troca',
    text: 'Você tem até 30 dias após o recebimento para solicitar a troca. O produto deve estar sem uso e na embalagem original.',
  },
  { shortcut: 'pix', text: 'Nossa chave Pix é o CNPJ 12.345.678/0001-90 (Loja Demo Ltda).' },
  { shortcut: 'horario', text: 'Atendemos de segunda a sexta, das 8h às 18h, e aos sábados das 9h às 13h.' },
  { shortcut: 'obrigado', text: 'Obrigado pelo contato! Se precisar de algo mais, é só chamar por aqui.' },
];

/**
 * The team's knowledge notes: what the AI assistant room (and, with a model, the inbox's
 * suggestions) answers the team from.
 */
export const DEMO_KNOWLEDGE_NOTES = [
  {
    title: 'Horário de atendimento',
    body: 'Atendemos de segunda a sexta, das 8h às 18h, e aos sábados das 9h às 13h (horário de Brasília). Em feriados nacionais não há atendimento; as mensagens recebidas são respondidas no próximo dia útil.',
  },
  {
    title: 'Prazo de entrega',
    body: 'Capitais: 3 a 5 dias úteis. Interior: 5 a 8 dias úteis, contados a partir da confirmação do pagamento. O código de rastreio vai por e-mail quando o pedido sai do depósito.',
  },
  {
    title: 'Trocas e devoluções',
    body: 'O cliente tem 30 dias após o recebimento para pedir a troca, com o produto sem uso e na embalagem original. A primeira troca tem frete grátis: envie ao cliente o código de postagem dos Correios gerado no painel da loja.',
  },
  {
    title: 'Formas de pagamento',
    body: 'Pix com 5% de desconto (chave: CNPJ 12.345.678/0001-90), cartão de crédito em até 10 vezes sem juros e boleto, que compensa em até 2 dias úteis.',
  },
];

/** Phase keys of the account's default phases (null: a contact without a phase). */
type TPhaseKey = 'new' | 'contacted' | 'qualified' | 'proposal' | 'won' | 'lost' | null;

export interface TDemoContact {
  name: string;
  email?: string;
  phase: TPhaseKey;
  tags: TDemoTag[];
  city: string;
}

/** Fifty customers and leads; the first DEMO_CONVERSATIONS.length ones talked on the web chat. */
export const DEMO_CONTACTS: TDemoContact[] = [
  {
    name: 'Ana Beatriz Souza',
    email: 'ana.souza@example.com',
    phase: 'won',
    tags: ['vip'],
    city: 'São Paulo',
  },
  {
    name: 'Bruno Carvalho',
    email: 'bruno.carvalho@example.com',
    phase: 'proposal',
    tags: ['wholesale'],
    city: 'Campinas',
  },
  { name: 'Camila Rocha', phase: 'new', tags: [], city: 'Rio de Janeiro' },
  {
    name: 'Diego Almeida',
    email: 'diego.almeida@example.com',
    phase: 'contacted',
    tags: ['newsletter'],
    city: 'Belo Horizonte',
  },
  {
    name: 'Eduarda Lima',
    email: 'duda.lima@example.com',
    phase: 'qualified',
    tags: ['referral'],
    city: 'Curitiba',
  },
  { name: 'Felipe Martins', phase: 'new', tags: [], city: 'Porto Alegre' },
  {
    name: 'Gabriela Nunes',
    email: 'gabi.nunes@example.com',
    phase: 'won',
    tags: ['vip', 'newsletter'],
    city: 'São Paulo',
  },
  {
    name: 'Henrique Barbosa',
    email: 'henrique.b@example.com',
    phase: 'lost',
    tags: ['complaint'],
    city: 'Salvador',
  },
  { name: 'Isabela Ferreira', phase: 'contacted', tags: [], city: 'Recife' },
  {
    name: 'João Pedro Ribeiro',
    email: 'jp.ribeiro@example.com',
    phase: 'proposal',
    tags: ['wholesale'],
    city: 'Goiânia',
  },
  {
    name: 'Larissa Gomes',
    email: 'larissa.gomes@example.com',
    phase: 'won',
    tags: ['referral'],
    city: 'Florianópolis',
  },
  { name: 'Marcelo Teixeira', phase: null, tags: [], city: 'Fortaleza' },
  {
    name: 'Natália Castro',
    email: 'natalia.castro@example.com',
    phase: 'qualified',
    tags: ['newsletter'],
    city: 'Brasília',
  },
  { name: 'Otávio Mendes', email: 'otavio.mendes@example.com', phase: 'new', tags: [], city: 'Manaus' },
  { name: 'Paula Cardoso', phase: 'contacted', tags: ['complaint'], city: 'Belém' },
  {
    name: 'Rafael Araújo',
    email: 'rafael.araujo@example.com',
    phase: 'won',
    tags: ['vip'],
    city: 'São Paulo',
  },
  { name: 'Sabrina Moreira', email: 'sabrina.m@example.com', phase: 'proposal', tags: [], city: 'Santos' },
  { name: 'Thiago Pereira', phase: 'new', tags: ['newsletter'], city: 'Vitória' },
  {
    name: 'Vanessa Dias',
    email: 'vanessa.dias@example.com',
    phase: 'qualified',
    tags: ['referral'],
    city: 'Natal',
  },
  {
    name: 'William Correia',
    email: 'william.correia@example.com',
    phase: 'lost',
    tags: [],
    city: 'João Pessoa',
  },
  { name: 'Yasmin Pinto', phase: 'contacted', tags: [], city: 'Maceió' },
  {
    name: 'André Monteiro',
    email: 'andre.monteiro@example.com',
    phase: 'won',
    tags: ['wholesale', 'vip'],
    city: 'Ribeirão Preto',
  },
  { name: 'Bianca Freitas', email: 'bianca.freitas@example.com', phase: null, tags: [], city: 'Sorocaba' },
  { name: 'Caio Vieira', phase: 'new', tags: [], city: 'Londrina' },
  {
    name: 'Daniela Cunha',
    email: 'dani.cunha@example.com',
    phase: 'proposal',
    tags: ['newsletter'],
    city: 'Joinville',
  },
  {
    name: 'Eduardo Ramos',
    email: 'eduardo.ramos@example.com',
    phase: 'contacted',
    tags: [],
    city: 'Uberlândia',
  },
  { name: 'Fernanda Lopes', phase: 'qualified', tags: ['vip'], city: 'São Paulo' },
  { name: 'Gustavo Azevedo', email: 'gustavo.azevedo@example.com', phase: 'won', tags: [], city: 'Niterói' },
  {
    name: 'Helena Batista',
    email: 'helena.batista@example.com',
    phase: 'new',
    tags: ['referral'],
    city: 'Campo Grande',
  },
  { name: 'Igor Nascimento', phase: 'lost', tags: ['complaint'], city: 'Cuiabá' },
  {
    name: 'Juliana Fernandes',
    email: 'ju.fernandes@example.com',
    phase: 'contacted',
    tags: [],
    city: 'Aracaju',
  },
  {
    name: 'Leonardo Duarte',
    email: 'leo.duarte@example.com',
    phase: 'proposal',
    tags: ['wholesale'],
    city: 'Teresina',
  },
  { name: 'Mariana Costa', phase: null, tags: ['newsletter'], city: 'São Luís' },
  {
    name: 'Nicolas Farias',
    email: 'nicolas.farias@example.com',
    phase: 'new',
    tags: [],
    city: 'Caxias do Sul',
  },
  {
    name: 'Olívia Santana',
    email: 'olivia.santana@example.com',
    phase: 'won',
    tags: ['vip'],
    city: 'São Paulo',
  },
  { name: 'Pedro Henrique Melo', phase: 'qualified', tags: [], city: 'Campinas' },
  {
    name: 'Renata Cavalcanti',
    email: 'renata.cavalcanti@example.com',
    phase: 'contacted',
    tags: ['referral'],
    city: 'Recife',
  },
  { name: 'Samuel Borges', email: 'samuel.borges@example.com', phase: null, tags: [], city: 'Blumenau' },
  { name: 'Tatiane Rezende', phase: 'new', tags: ['newsletter'], city: 'Piracicaba' },
  { name: 'Vinícius Prado', email: 'vinicius.prado@example.com', phase: 'proposal', tags: [], city: 'Bauru' },
  { name: 'Alice Moura', email: 'alice.moura@example.com', phase: 'won', tags: ['referral'], city: 'Santos' },
  { name: 'Bernardo Tavares', phase: 'lost', tags: [], city: 'Pelotas' },
  {
    name: 'Carolina Peixoto',
    email: 'carol.peixoto@example.com',
    phase: 'qualified',
    tags: ['vip'],
    city: 'Belo Horizonte',
  },
  { name: 'Davi Siqueira', email: 'davi.siqueira@example.com', phase: 'new', tags: [], city: 'Contagem' },
  { name: 'Elisa Andrade', phase: 'contacted', tags: ['newsletter'], city: 'Juiz de Fora' },
  {
    name: 'Fábio Campos',
    email: 'fabio.campos@example.com',
    phase: null,
    tags: ['wholesale'],
    city: 'Maringá',
  },
  {
    name: 'Giovana Lacerda',
    email: 'giovana.lacerda@example.com',
    phase: 'proposal',
    tags: [],
    city: 'Anápolis',
  },
  { name: 'Hugo Sampaio', phase: 'new', tags: [], city: 'Feira de Santana' },
  {
    name: 'Lívia Brandão',
    email: 'livia.brandao@example.com',
    phase: 'won',
    tags: ['vip', 'referral'],
    city: 'São José dos Campos',
  },
  { name: 'Mateus Fontes', email: 'mateus.fontes@example.com', phase: 'qualified', tags: [], city: 'Osasco' },
];

/** A turn of a conversation: the customer's (through the intake) or the operator's reply. */
export type TTurn = { from: 'customer' | 'operator'; text: string };

export interface TDemoConversation {
  /**
   * waiting: customer messages only; attendance: answered and open; hold: answered, then put on
   * hold (issue 13) for `holdHours` or, without it, until the customer writes; closed: with a reason.
   */
  stage: 'waiting' | 'attendance' | 'hold' | 'closed';
  holdHours?: number;
  /** When the customer first wrote, minutes before the seed ran. */
  minutesAgo: number;
  turns: TTurn[];
  close?: { reason: string; subReason?: string };
  /** The operator opened it after the customer's last message (no unread badge). */
  read?: boolean;
}

const c = (text: string): TTurn => ({ from: 'customer', text });
const o = (text: string): TTurn => ({ from: 'operator', text });

export const DEMO_CONVERSATIONS: TDemoConversation[] = [
  // Waiting: nobody has answered yet.
  { stage: 'waiting', minutesAgo: 3, turns: [c('Oi, vocês têm o tênis de corrida azul no tamanho 41?')] },
  {
    stage: 'waiting',
    minutesAgo: 7,
    turns: [
      c('Boa tarde!'),
      c('Fiz um pedido ontem e ainda não recebi o e-mail de confirmação. Pedido 48213.'),
    ],
  },
  { stage: 'waiting', minutesAgo: 12, turns: [c('Qual o prazo de entrega para Rio de Janeiro?')] },
  {
    stage: 'waiting',
    minutesAgo: 18,
    turns: [c('Vocês vendem no atacado? Tenho uma loja e gostaria de uma tabela de preços.')],
  },
  { stage: 'waiting', minutesAgo: 26, turns: [c('Olá'), c('Posso pagar com Pix e ganhar desconto?')] },
  { stage: 'waiting', minutesAgo: 34, turns: [c('A loja física abre no sábado?')] },
  {
    stage: 'waiting',
    minutesAgo: 41,
    turns: [c('Recebi a camiseta com um defeito na costura. Como faço para trocar?')],
  },
  { stage: 'waiting', minutesAgo: 55, turns: [c('Tem cupom de primeira compra?')] },

  // In attendance: answered, still open.
  {
    stage: 'attendance',
    minutesAgo: 15,
    turns: [
      c('Oi! Quero comprar 20 mochilas para a minha empresa.'),
      o('Olá! Para 20 unidades temos condição de atacado. Qual modelo você procura?'),
      c('A mochila executiva preta. Vocês personalizam com logo?'),
    ],
  },
  {
    stage: 'attendance',
    minutesAgo: 22,
    read: true,
    turns: [
      c('Meu pedido 47990 está parado na transportadora há 4 dias.'),
      o('Olá! Vou verificar com a transportadora agora mesmo e já te retorno.'),
    ],
  },
  {
    stage: 'attendance',
    minutesAgo: 30,
    turns: [
      c('O vestido floral tem no tamanho P?'),
      o('Oi! Temos sim, nas cores azul e rosa.'),
      c('Perfeito, vou querer o azul. Como faço para reservar?'),
    ],
  },
  {
    stage: 'attendance',
    minutesAgo: 38,
    read: true,
    turns: [
      c('Quero trocar um presente que ganhei, mas não tenho a nota.'),
      o('Sem problema! Com o número do pedido ou o CPF de quem comprou conseguimos localizar.'),
      c('Vou pedir para a minha tia o número do pedido.'),
      o('Combinado, fico no aguardo.'),
    ],
  },
  {
    stage: 'attendance',
    minutesAgo: 47,
    turns: [
      c('Vocês entregam em Campinas no mesmo dia?'),
      o('Para Campinas a entrega expressa chega no dia seguinte.'),
      c('Ok. E o frete expresso custa quanto?'),
    ],
  },
  {
    stage: 'attendance',
    minutesAgo: 63,
    read: true,
    turns: [
      c('Boa tarde, o pagamento do boleto ainda não foi identificado.'),
      o('Boa tarde! A compensação do boleto leva até 2 dias úteis. Pode me enviar o número do pedido?'),
    ],
  },
  {
    stage: 'attendance',
    minutesAgo: 75,
    turns: [
      c('Olá, o site está dando erro no carrinho.'),
      o('Sinto muito pelo transtorno! Qual navegador você está usando?'),
      c('Chrome no celular.'),
    ],
  },
  {
    stage: 'attendance',
    minutesAgo: 90,
    read: true,
    turns: [
      c('Gostaria de saber se a jaqueta corta-vento é impermeável.'),
      o('Ela é resistente à água (chuva fraca), mas não é totalmente impermeável.'),
    ],
  },
  {
    stage: 'attendance',
    minutesAgo: 110,
    turns: [
      c('Vocês têm programa de fidelidade?'),
      o('Temos! A cada compra você acumula pontos que viram desconto. Quer que eu cadastre você?'),
      c('Quero sim!'),
    ],
  },
  {
    stage: 'attendance',
    minutesAgo: 130,
    read: true,
    turns: [
      c('Comprei dois itens e chegou só um.'),
      o('Peço desculpas! Os itens podem ter sido enviados em volumes separados. Vou conferir o rastreio.'),
    ],
  },

  // Closed, with the reason the operator chose.
  {
    stage: 'closed',
    minutesAgo: 150,
    close: { reason: 'Resolvida', subReason: 'Dúvida esclarecida' },
    turns: [
      c('Qual o prazo de entrega para Porto Alegre?'),
      o('De 5 a 8 dias úteis após a confirmação do pagamento.'),
      c('Obrigado!'),
      o('Obrigado pelo contato! Se precisar de algo mais, é só chamar por aqui.'),
    ],
  },
  {
    stage: 'closed',
    minutesAgo: 170,
    close: { reason: 'Venda realizada' },
    turns: [
      c('Quero comprar o kit presente de Natal.'),
      o('Ótima escolha! Enviei o link de pagamento para o seu e-mail.'),
      c('Pago! Muito obrigada.'),
      o('Pagamento confirmado. Seu pedido sai amanhã!'),
    ],
  },
  {
    stage: 'closed',
    minutesAgo: 185,
    close: { reason: 'Sem resposta do cliente' },
    turns: [c('Oi, tudo bem?'), o('Olá! Tudo ótimo. Como posso ajudar?')],
  },
  {
    stage: 'closed',
    minutesAgo: 200,
    close: { reason: 'Resolvida', subReason: 'Troca aprovada' },
    turns: [
      c('A calça ficou grande, posso trocar por um número menor?'),
      o('Pode sim! Gerei uma etiqueta de postagem gratuita para a troca.'),
      c('Recebi a etiqueta, obrigada!'),
    ],
  },
  {
    stage: 'closed',
    minutesAgo: 220,
    close: { reason: 'Encaminhada a outro setor', subReason: 'Financeiro' },
    turns: [
      c('Preciso da nota fiscal com o CNPJ da minha empresa.'),
      o('Vou encaminhar ao financeiro, que emite a nota em até 2 dias úteis.'),
    ],
  },
  {
    stage: 'closed',
    minutesAgo: 240,
    close: { reason: 'Resolvida', subReason: 'Pedido concluído' },
    turns: [
      c('Meu pedido chegou, mas veio sem o manual.'),
      o('Desculpe! Enviei o manual em PDF para o seu e-mail.'),
      c('Recebi, valeu!'),
    ],
  },
  {
    stage: 'closed',
    minutesAgo: 260,
    close: { reason: 'Venda realizada' },
    turns: [
      c('Tem o relógio esportivo em estoque?'),
      o('Tem sim, e hoje está com 10% de desconto no Pix.'),
      c('Fechado, vou comprar agora.'),
    ],
  },
  {
    stage: 'closed',
    minutesAgo: 280,
    close: { reason: 'Resolvida', subReason: 'Dúvida esclarecida' },
    turns: [c('Vocês abrem no feriado?'), o('No feriado abrimos das 10h às 16h.')],
  },
  {
    stage: 'closed',
    minutesAgo: 300,
    close: { reason: 'Encaminhada a outro setor', subReason: 'Logística' },
    turns: [
      c('A transportadora tentou entregar e eu não estava.'),
      o('Vou pedir à logística uma nova tentativa de entrega para amanhã.'),
    ],
  },
  {
    stage: 'closed',
    minutesAgo: 320,
    close: { reason: 'Sem resposta do cliente' },
    turns: [c('Oi'), o('Olá! Em que posso ajudar?')],
  },
  {
    stage: 'closed',
    minutesAgo: 345,
    close: { reason: 'Resolvida', subReason: 'Pedido concluído' },
    turns: [
      c('Posso mudar o endereço de entrega do pedido 48001?'),
      o('Como o pedido ainda não saiu, consegui alterar o endereço. Tudo certo!'),
      c('Perfeito, obrigado.'),
    ],
  },
  {
    stage: 'closed',
    minutesAgo: 370,
    close: { reason: 'Venda realizada' },
    turns: [
      c('Quero 50 canecas personalizadas para um evento.'),
      o('Enviei o orçamento com a arte de exemplo para o seu e-mail.'),
      c('Aprovado! Pode seguir.'),
    ],
  },
  {
    stage: 'closed',
    minutesAgo: 400,
    close: { reason: 'Resolvida', subReason: 'Dúvida esclarecida' },
    turns: [
      c('O tênis tem forma pequena?'),
      o('A forma é normal. Se estiver entre dois números, recomendamos o maior.'),
    ],
  },
  // On hold (issue 13): until tomorrow morning, and until the customer answers.
  {
    stage: 'hold',
    minutesAgo: 95,
    holdHours: 18,
    read: true,
    turns: [
      c('Preciso falar com o financeiro sobre um boleto vencido.'),
      o('Vou verificar com o financeiro e te retorno amanhã de manhã, combinado?'),
      c('Combinado, obrigado!'),
    ],
  },
  {
    stage: 'hold',
    minutesAgo: 130,
    read: true,
    turns: [
      c('Vocês entregam em Campinas até sexta?'),
      o('Entregamos sim! Me confirma o CEP para eu calcular o frete?'),
    ],
  },
];
