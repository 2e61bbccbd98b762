import type { TLang } from '@atende/shared';

/** Atende's own help texts: what the built-in retrieval assistant searches besides the account's notes. */
export interface THelpArticle {
  title: string;
  body: string;
}

const PT: THelpArticle[] = [
  {
    title: 'Chat interno da equipe',
    body: 'O botão flutuante do chat interno aparece em todas as páginas, exceto no login. Ele abre o painel "Chat Interno - Beta", com a sala de toda a conta, as conversas diretas com cada membro e a sua sala do assistente de IA. O número no botão mostra as mensagens não lidas (99+ acima de 100).',
  },
  {
    title: 'Enviar arquivos no chat interno',
    body: 'No chat interno você pode enviar arquivos png, jpeg, pdf, doc, docx e xlsx de até 50 MB. Só os membros da sala conseguem baixar o arquivo enviado nela.',
  },
  {
    title: 'Status das mensagens do chat interno',
    body: 'Uma mensagem aparece como enviando até o servidor confirmar, e então como enviada. Se falhar, o envio é repetido até 3 vezes (após 2, 4 e 8 segundos); depois disso ela fica como falha, com um botão para tentar de novo. Sem conexão aparece "Socket not connected" e o texto digitado é enviado quando a conexão voltar.',
  },
  {
    title: 'Presença: online, ausente e offline',
    body: 'Cada membro aparece online enquanto está conectado e ativo, ausente depois de 5 minutos sem atividade e offline quando se desconecta. A lista de membros mostra também quando cada um foi visto pela última vez.',
  },
  {
    title: 'Sala do assistente de IA',
    body: 'Cada usuário tem a sua própria sala com o assistente de IA. O administrador define o prompt do assistente nas configurações da conta. Sem um provedor de IA configurado, quem responde é o assistente de busca embutido, que procura nas notas da conta e nestes textos de ajuda.',
  },
  {
    title: 'Convidar membros para a conta',
    body: 'Em Usuários, convide alguém pelo e-mail e escolha o papel: operador, gerente, administrador ou master. O convite vale 7 dias. Um papel mais alto tem todos os direitos dos papéis abaixo dele.',
  },
  {
    title: 'Papéis e permissões',
    body: 'Operadores atendem conversas; gerentes também acompanham a equipe e os relatórios; administradores configuram a conta, canais e usuários; o master também cuida do plano e pode excluir a conta. Ninguém pode conceder um papel acima do seu.',
  },
  {
    title: 'Plano, teste grátis e pagamento',
    body: 'Toda conta começa com um período de teste. Em Plano você vê o consumo de conversas do período, troca de plano e cadastra o pagamento. Quando o limite de conversas do plano é atingido, novas conversas ficam bloqueadas até o próximo período ou uma troca de plano.',
  },
  {
    title: 'Senha e acesso',
    body: 'Esqueceu a senha? Use "Esqueci minha senha" no login: o link de redefinição vale 1 hora. A senha precisa de ao menos 8 caracteres, com letra maiúscula, minúscula, número e caractere especial.',
  },
  {
    title: 'Trocar de conta',
    body: 'Quem participa de mais de uma conta escolhe a conta atual no menu do usuário. Ao trocar, o chat interno se reconecta à conta escolhida.',
  },
  {
    title: 'Idioma da interface',
    body: 'O Atende está em português do Brasil e em inglês. Troque o idioma no seu perfil, no menu do usuário.',
  },
  {
    title: 'Registro de atividades',
    body: 'Administradores veem em Registro de atividades quem entrou, quem foi convidado, mudanças de papel e alterações da conta e do plano.',
  },
];

const EN: THelpArticle[] = [
  {
    title: 'Team chat',
    body: 'The team chat floating button appears on every page except login. It opens the "Chat Interno - Beta" panel with the room of the whole account, direct conversations with each member and your own AI assistant room. The number on the button counts unread messages (99+ above 100).',
  },
  {
    title: 'Sending files in team chat',
    body: 'In team chat you can send png, jpeg, pdf, doc, docx and xlsx files of up to 50 MB. Only the members of the room can download a file sent in it.',
  },
  {
    title: 'Team chat message status',
    body: 'A message shows as sending until the server confirms it, then as sent. When sending fails it is retried up to 3 times (after 2, 4 and 8 seconds); then it shows as failed with a retry button. Offline you see "Socket not connected" and what you typed is sent once the connection is back.',
  },
  {
    title: 'Presence: online, idle and offline',
    body: 'A member shows online while connected and active, idle after 5 minutes without activity and offline once disconnected. The member list also shows when each one was last seen.',
  },
  {
    title: 'The AI assistant room',
    body: "Each user has their own room with the AI assistant. An administrator sets the assistant's prompt in the account settings. Without an AI provider configured, the built-in search assistant answers: it searches the account's notes and these help texts.",
  },
  {
    title: 'Inviting members to the account',
    body: 'In Users, invite someone by e-mail and pick a role: operator, manager, admin or master. The invitation is valid for 7 days. A higher role holds every right of the roles below it.',
  },
  {
    title: 'Roles and permissions',
    body: 'Operators handle conversations; managers also follow the team and reports; admins configure the account, channels and users; the master also manages the plan and may delete the account. Nobody can grant a role above their own.',
  },
  {
    title: 'Plan, free trial and payment',
    body: "Every account starts with a trial. In Plan you see the period's conversation usage, change plans and add a payment method. When the plan's conversation limit is reached, new conversations are blocked until the next period or a plan change.",
  },
  {
    title: 'Password and access',
    body: 'Forgot your password? Use "Forgot my password" on the login page: the reset link is valid for 1 hour. A password needs at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.',
  },
  {
    title: 'Switching accounts',
    body: 'If you belong to several accounts, pick the current one in the user menu. After switching, team chat reconnects to the chosen account.',
  },
  {
    title: 'Interface language',
    body: 'Atende speaks Brazilian Portuguese and English. Change the language in your profile, from the user menu.',
  },
  {
    title: 'Activity log',
    body: 'Admins see in the Activity log who signed in, who was invited, role changes and changes to the account and its plan.',
  },
];

export const HELP_ARTICLES: Record<TLang, THelpArticle[]> = { 'pt-BR': PT, en: EN };
