/**
 * Error catalogue (spec §8 plus the identity and account errors). Each code has an HTTP status and
 * its pt-BR and en texts. `fixed` messages are sent verbatim whatever the language, because the
 * web reacts to their exact text (spec §8: JWT messages, account load errors).
 */
interface TErrorDef {
  status: number;
  en: string;
  'pt-BR': string;
  fixed?: boolean;
}

const def = (status: number, en: string, ptBR: string, fixed = false): TErrorDef => ({
  status,
  en,
  'pt-BR': ptBR,
  ...(fixed ? { fixed } : {}),
});

export const ERRORS = {
  VALIDATION_FAILED: def(
    400,
    'Please correct all errors in your form',
    'Por favor, corrija todos os erros em seu formulário',
  ),
  INTERNAL_ERROR: def(
    500,
    'Internal server error. Please try again.',
    'Erro interno do servidor. Tente novamente.',
  ),
  ROUTE_NOT_FOUND: def(404, 'Route not found', 'Rota não encontrada'),
  NOT_FOUND: def(404, 'Not found', 'Não encontrado'),
  PAYLOAD_TOO_LARGE: def(413, 'The request is too large', 'A requisição é grande demais'),
  RATE_LIMITED: def(
    429,
    'Too many attempts. Wait a moment and try again.',
    'Muitas tentativas. Aguarde um momento e tente novamente.',
  ),
  UNAUTHORIZED: def(401, 'invalid token', 'invalid token', true),
  JWT_EXPIRED: def(401, 'jwt expired', 'jwt expired', true),
  JWT_INVALID_SIGNATURE: def(401, 'invalid signature', 'invalid signature', true),
  JWT_MALFORMED: def(401, 'jwt malformed', 'jwt malformed', true),
  JWT_INVALID: def(401, 'invalid token', 'invalid token', true),
  NOT_AUTHORIZED: def(
    403,
    "You don't have access to this feature, talk to your account administrator",
    'Você não tem acesso a esta funcionalidade, fale com o administrador da sua conta',
  ),
  FUNCTION_UNAVAILABLE: def(
    403,
    'Function unavailable. Contact an administrator for more information.',
    'Função indisponível. Contate um administrador para mais informações.',
  ),
  ACC_NOT_FOUND: def(404, 'Acc not found', 'Acc not found', true),
  ACC_INVALID_USER: def(404, 'Invalid acc or user ID', 'Invalid acc or user ID', true),
  ACC_DISABLED: def(403, 'This account is disabled', 'Esta conta está desativada'),
  ACC_DELETE_CONFIRMATION: def(400, 'Type DELETE to confirm', 'Digite EXCLUIR para confirmar'),
  INVALID_CREDENTIALS: def(401, 'Incorrect e-mail or password', 'E-mail ou senha incorretos'),
  EMAIL_IN_USE: def(409, 'This e-mail is already registered', 'Este e-mail já está cadastrado'),
  USER_NOT_FOUND: def(404, 'User not found', 'Usuário não encontrado'),
  ALREADY_CONFIRMED: def(409, 'This e-mail is already confirmed', 'Este e-mail já foi confirmado'),
  OTP_INVALID: def(400, 'Invalid code', 'Código inválido'),
  OTP_EXPIRED: def(
    400,
    'This code has expired. Request a new one.',
    'Este código expirou. Solicite um novo.',
  ),
  OTP_TOO_MANY_ATTEMPTS: def(
    429,
    'Too many attempts. Request a new code.',
    'Muitas tentativas. Solicite um novo código.',
  ),
  REFRESH_TOKEN_INVALID: def(401, 'invalid token', 'invalid token', true),
  RESET_TOKEN_INVALID: def(
    400,
    'This password reset link is invalid or has expired',
    'Este link de redefinição de senha é inválido ou expirou',
  ),
  PASSWORD_WEAK: def(
    400,
    'Use at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character',
    'Use ao menos 8 caracteres com uma letra maiúscula, uma minúscula, um número e um caractere especial',
  ),
  PASSWORD_MISMATCH: def(
    400,
    "Password doesn't match. Please try again.",
    'As senhas não coincidem. Tente novamente.',
  ),
  PASSWORD_WRONG: def(400, 'The current password is incorrect', 'A senha atual está incorreta'),
  INVITATION_NOT_FOUND: def(404, 'Invitation not found or expired', 'Convite não encontrado ou expirado'),
  INVITATION_EMAIL_MISMATCH: def(
    400,
    'This invitation was sent to another e-mail',
    'Este convite foi enviado para outro e-mail',
  ),
  ROLE_ABOVE_OWN: def(
    403,
    'You cannot grant a role above your own',
    'Você não pode conceder um papel acima do seu',
  ),
  ALREADY_MEMBER: def(
    409,
    'This user is already a member of the account',
    'Este usuário já é membro da conta',
  ),
  MEMBER_NOT_FOUND: def(404, 'Member not found', 'Membro não encontrado'),
  LAST_MASTER: def(
    400,
    'The last master of the account cannot be removed',
    'O último master da conta não pode ser removido',
  ),
  PLAN_NOT_FOUND: def(404, 'Plan not found', 'Plano não encontrado'),
  BILLING_PROVIDER_ERROR: def(
    502,
    'The payment provider did not answer. Try again.',
    'O provedor de pagamento não respondeu. Tente novamente.',
  ),
  WEBHOOK_SIGNATURE_INVALID: def(400, 'Invalid webhook signature', 'Assinatura de webhook inválida'),
  COUPON_INVALID: def(400, 'Coupon code is not valid', 'Cupom inválido'),
  // Issue 13: in production without Stripe the sandbox grants no paid plan.
  PAYMENTS_NOT_CONFIGURED: def(
    503,
    'Payments are not set up on this installation yet. Please contact the administrator.',
    'Os pagamentos ainda não estão configurados nesta instalação. Fale com o administrador.',
  ),
  // Issue 13: WhatsApp by Facebook embedded signup.
  FACEBOOK_PERMISSIONS_MISSING: def(
    400,
    'Facebook login needs all permissions',
    'O login do Facebook precisa de todas as permissões',
  ),
  FACEBOOK_SIGNUP_UNAVAILABLE: def(
    404,
    'Connecting with Facebook is not set up on this installation. Enter the credentials instead.',
    'A conexão com o Facebook não está configurada nesta instalação. Informe as credenciais.',
  ),
  FACEBOOK_SIGNUP_FAILED: def(
    502,
    'Facebook did not confirm the connection. Try again or enter the credentials.',
    'O Facebook não confirmou a conexão. Tente novamente ou informe as credenciais.',
  ),
  // Service-operator controls (issue 13).
  COUPON_CODE_IN_USE: def(
    409,
    'A coupon with this code already exists',
    'Já existe um cupom com este código',
  ),
  OPS_ACCOUNT_AMBIGUOUS: def(
    409,
    'This e-mail is the master of more than one account: use the account id',
    'Este e-mail é master de mais de uma conta: use o id da conta',
  ),
  ALIAS_IN_USE: def(
    409,
    'The alias provided for "{field}" is already in use. Please choose a different one.',
    'O apelido informado para "{field}" já está em uso. Por favor, escolha outro.',
  ),
  PLAN_QUOTA_REACHED: def(
    402,
    "The plan's conversation limit for this period has been reached",
    'O limite de conversas do plano neste período foi atingido',
  ),
  // Spec §8 catalogue, used by later features.
  CONVERSATION_TAKEN: def(
    409,
    'This conversation was already taken or closed',
    'Esta conversa já foi assumida ou encerrada',
  ),
  CONVERSATION_OTHER_OPERATOR: def(
    403,
    'This conversation belongs to another operator',
    'Esta conversa pertence a outro operador',
  ),
  CONVERSATION_ACTION_FAILED: def(
    500,
    'Error closing or forwarding the conversation. Refresh the page and try again.',
    'Erro ao encerrar ou transferir a conversa. Atualize a página e tente novamente.',
  ),
  /** On hold (issue 13): only a conversation in attendance; the chosen moment must be ahead. */
  HOLD_NOT_IN_ATTENDANCE: def(
    409,
    'Only a conversation in attendance can be put on hold',
    'Só uma conversa em atendimento pode ser colocada em espera',
  ),
  HOLD_TIME_PAST: def(400, 'Choose a moment in the future', 'Escolha um momento no futuro'),
  /** The help form (issue 13; spec §8 form submission). */
  SUPPORT_MESSAGE_FAILED: def(
    502,
    'Oops! An error occurred and your message could not be sent.',
    'Opa! Ocorreu um erro e sua mensagem não pôde ser enviada.',
  ),
  FILE_UPLOAD_ERROR: def(400, 'Error uploading the file', 'Erro ao enviar o arquivo'),
  /** What the bytes really are does not match the declared type (platform/upload-check.ts). */
  FILE_CONTENT_INVALID: def(
    415,
    "The file's content does not match its type",
    'O conteúdo do arquivo não corresponde ao tipo dele',
  ),
  FILE_TOO_LARGE: def(
    413,
    'The file is too large for this channel',
    'O arquivo é grande demais para este canal',
  ),
  FILE_TYPE_NOT_ALLOWED: def(
    415,
    'This file type is not allowed on this channel',
    'Este tipo de arquivo não é permitido neste canal',
  ),
  CHANNEL_NO_MEDIA: def(400, 'This channel does not accept media', 'Este canal não aceita mídia'),
  WHATSAPP_WINDOW_CLOSED: def(
    400,
    'Message failed to send because more than 24 hours have passed since the customer last replied',
    'A mensagem não foi enviada porque se passaram mais de 24 horas desde a última resposta do cliente',
  ),
  WEBCHAT_PRECHAT_REQUIRED: def(
    409,
    'Fill in the form before starting the chat',
    'Preencha o formulário antes de iniciar a conversa',
  ),
  REACTION_NOT_SUPPORTED: def(
    400,
    'Reactions can be sent to customer messages in WhatsApp conversations only',
    'Só é possível reagir a mensagens de clientes em conversas do WhatsApp',
  ),
  SMS_INSUFFICIENT_BALANCE: def(402, 'Insufficient SMS balance', 'Saldo de SMS insuficiente'),
  NUMBER_NOT_EXISTS: def(400, 'This number does not exist', 'Este número não existe'),
  CONVERSATION_START_FAILED: def(
    500,
    'Could not start the conversation',
    'Não foi possível iniciar a conversa',
  ),
  ACTIVE_CONVERSATION_EXISTS: def(
    409,
    'An active conversation already exists with this number',
    'Já existe uma conversa ativa com este número',
  ),
  REASONS_LIMIT_REACHED: def(
    400,
    'Closing reasons limit reached',
    'Limite de motivos de encerramento atingido',
  ),
  CONVERSATION_NOT_FOUND: def(404, 'Conversation not found', 'Conversa não encontrada'),
  MESSAGE_NOT_FOUND: def(404, 'Message not found', 'Mensagem não encontrada'),
  CHANNEL_NOT_FOUND: def(404, 'Channel not found', 'Canal não encontrado'),
  CHANNEL_IN_USE: def(
    409,
    'This number or address is already connected to an account',
    'Este número ou endereço já está conectado a uma conta',
  ),
  CHANNEL_DISABLED: def(409, 'This channel is disabled', 'Este canal está desativado'),
  CHANNEL_PROVIDER_ERROR: def(
    502,
    'The channel provider did not accept the message. Try again.',
    'O provedor do canal não aceitou a mensagem. Tente novamente.',
  ),
  CLOSING_REASON_EXISTS: def(
    409,
    'This closing reason already exists',
    'Este motivo de encerramento já existe',
  ),
  CLOSING_REASON_NOT_FOUND: def(404, 'Closing reason not found', 'Motivo de encerramento não encontrado'),
  QUICK_MESSAGE_NOT_FOUND: def(404, 'Quick message not found', 'Mensagem rápida não encontrada'),
  QUICK_MESSAGES_LIMIT_REACHED: def(
    400,
    'Quick messages limit reached (500 per account)',
    'Limite de mensagens rápidas atingido (500 por conta)',
  ),
  QUICK_MESSAGE_SHORTCUT_IN_USE: def(409, 'This shortcut is already in use', 'Este atalho já está em uso'),
  TEMPLATE_NOT_FOUND: def(404, 'Template not found', 'Modelo não encontrado'),
  TEMPLATE_NAME_IN_USE: def(
    409,
    'A template with this name already exists',
    'Já existe um modelo com este nome',
  ),
  TEMPLATE_NOT_APPROVED: def(
    409,
    'This template is not approved by WhatsApp yet',
    'Este modelo ainda não foi aprovado pelo WhatsApp',
  ),
  TEMPLATE_CHANNEL_NOT_SUPPORTED: def(
    400,
    'Templates can only be sent in WhatsApp conversations',
    'Modelos só podem ser enviados em conversas do WhatsApp',
  ),
  TEMPLATE_VARIABLES_MISSING: def(
    422,
    "A template variable came out empty (e.g. the contact has no e-mail) or the template's variables changed",
    'Uma variável do modelo ficou vazia (ex.: o contato não tem e-mail) ou as variáveis do modelo mudaram',
  ),
  OUTSIDE_BUSINESS_HOURS: def(
    403,
    'Access is restricted outside business hours',
    'O acesso é restrito fora do horário de atendimento',
  ),
  AUTOMATION_LIMIT_REACHED: def(
    400,
    'Automation creation limit reached',
    'Limite de criação de automações atingido',
  ),
  CSV_STRUCTURE_ERROR: def(400, 'The CSV file structure is invalid', 'A estrutura do arquivo CSV é inválida'),
  // Contacts and leads.
  CONTACT_NOT_FOUND: def(404, 'Contact not found', 'Contato não encontrado'),
  /** The identity rule: one live contact per phone in an account; details.contactId is that one. */
  CONTACT_PHONE_EXISTS: def(
    409,
    'This phone already belongs to the contact {name}',
    'Este telefone já pertence ao contato {name}',
  ),
  CONTACT_MERGE_INVALID: def(
    400,
    'Only contacts with the same phone or e-mail can be merged',
    'Só é possível mesclar contatos com o mesmo telefone ou e-mail',
  ),
  PHASE_NOT_FOUND: def(404, 'Phase not found', 'Fase não encontrada'),
  PHASE_EXISTS: def(409, 'Phase already exists', 'Fase já existe'),
  PHASE_ORDER_INVALID: def(
    400,
    'The new order must list every phase once',
    'A nova ordem deve listar cada fase uma vez',
  ),
  TAG_NOT_FOUND: def(404, 'Tag not found', 'Etiqueta não encontrada'),
  TAG_EXISTS: def(409, 'Tag already exists', 'Etiqueta já existe'),
  PHASE_LIMIT_REACHED: def(400, 'Phase limit reached (50)', 'Limite de fases atingido (50)'),
  TAG_LIMIT_REACHED: def(400, 'Tag limit reached (500)', 'Limite de etiquetas atingido (500)'),
  IMPORT_NOT_FOUND: def(404, 'Import not found', 'Importação não encontrada'),
  IMPORT_NO_FILE: def(400, 'No file selected', 'Nenhum arquivo selecionado'),
  IMPORT_EMPTY: def(400, 'The spreadsheet is empty', 'A planilha está vazia'),
  IMPORT_NOT_TEXT: def(
    415,
    'This file is not a CSV text file. Save the spreadsheet as CSV and try again.',
    'Este arquivo não é um CSV de texto. Salve a planilha como CSV e tente novamente.',
  ),
  IMPORT_MISSING_COLUMNS: def(
    400,
    'Missing columns in the spreadsheet: {columns}',
    'Colunas ausentes na planilha: {columns}',
  ),
  IMPORT_ALREADY_STARTED: def(409, 'This import has already started', 'Esta importação já foi iniciada'),
  IMPORT_BLANK_NAME: def(400, 'The name cell is blank', 'A célula de nome está em branco'),
  IMPORT_BLANK_PHONE: def(400, 'The phone cell is blank', 'A célula de telefone está em branco'),
  IMPORT_INVALID_PHONE: def(400, 'Invalid phone number', 'Telefone inválido, por favor verifique'),
  IMPORT_INVALID_EMAIL: def(400, 'Insert a valid e-mail', 'Insira um e-mail válido'),
  // Team chat (server-side refusals; the client's own 'Socket not connected', 'Send failed',
  // 'Retry failed' and 'Timeout - no response from server' live in the web app).
  TEAM_CHAT_ROOM_NOT_FOUND: def(404, 'Chat room not found', 'Sala de chat não encontrada'),
  TEAM_CHAT_FILE_NOT_FOUND: def(404, 'File not found', 'Arquivo não encontrado'),
  TEAM_CHAT_FILE_TYPE: def(
    415,
    'Only png, jpeg, pdf, doc, docx and xlsx files can be sent',
    'Só é possível enviar arquivos png, jpeg, pdf, doc, docx e xlsx',
  ),
  TEAM_CHAT_AI_DISABLED: def(
    403,
    'The AI assistant is disabled for this account',
    'O assistente de IA está desativado nesta conta',
  ),
  TEAM_CHAT_AI_FAILED: def(
    502,
    'The AI assistant did not answer. Try again.',
    'O assistente de IA não respondeu. Tente novamente.',
  ),
  KNOWLEDGE_NOTE_NOT_FOUND: def(404, 'Note not found', 'Nota não encontrada'),
  // AI knowledge base (issue 15).
  KNOWLEDGE_SOURCE_NO_TEXT: def(
    422,
    'No readable text was found in this file',
    'Nenhum texto legível foi encontrado neste arquivo',
  ),
  KNOWLEDGE_FILES_LIMIT: def(
    409,
    'The knowledge base already has 100 files',
    'A base de conhecimento já tem 100 arquivos',
  ),
  KNOWLEDGE_SOURCE_NOT_FOUND: def(404, 'Knowledge source not found', 'Fonte de conhecimento não encontrada'),
  KNOWLEDGE_PAGE_UNREACHABLE: def(
    422,
    'The page could not be downloaded (no answer or an error status)',
    'Não foi possível baixar a página (sem resposta ou com erro)',
  ),
  KNOWLEDGE_PAGE_TIMEOUT: def(
    422,
    'The page took more than 10 seconds to answer',
    'A página demorou mais de 10 segundos para responder',
  ),
  KNOWLEDGE_PAGE_TOO_LARGE: def(422, 'The page is larger than 2 MB', 'A página tem mais de 2 MB'),
  KNOWLEDGE_PAGE_NOT_HTML: def(
    422,
    'The address is not a web page (HTML or text)',
    'O endereço não é uma página da web (HTML ou texto)',
  ),
  // Outbound HTTP to addresses users type (webhooks, automations, chatbot HTTP blocks, web pages).
  URL_NOT_ALLOWED: def(
    400,
    'This address is not allowed: use a public http:// or https:// address',
    'Este endereço não é permitido: use um endereço http:// ou https:// público',
  ),
  // Settings → AI and the inbox's AI help (issue 15).
  AI_DISABLED: def(403, 'AI is turned off for this account', 'A IA está desativada nesta conta'),
  AI_MODEL_REQUIRED: def(
    409,
    'This needs an AI model, and none is configured: the built-in search only finds texts',
    'Isto precisa de um modelo de IA, e nenhum está configurado: a busca embutida só encontra textos',
  ),
  AI_FAILED: def(502, 'The AI did not answer. Try again.', 'A IA não respondeu. Tente novamente.'),
  // App store, webhooks and push notifications (issue 19).
  APP_NOT_FOUND: def(404, 'App not found', 'Aplicativo não encontrado'),
  APP_ALREADY_INSTALLED: def(409, 'This app is already installed', 'Este aplicativo já está instalado'),
  APP_DISABLED: def(409, 'This app is disabled', 'Este aplicativo está desativado'),
  APP_NOT_TESTABLE: def(
    400,
    'This app has no connection to test',
    'Este aplicativo não tem conexão para testar',
  ),
  WEBHOOK_ENDPOINT_NOT_FOUND: def(404, 'Webhook endpoint not found', 'Endpoint de webhook não encontrado'),
  WEBHOOK_DELIVERY_NOT_FOUND: def(404, 'Delivery not found', 'Entrega não encontrada'),
  WEBHOOK_ENDPOINTS_LIMIT_REACHED: def(
    409,
    'The webhook endpoint limit was reached',
    'O limite de endpoints de webhook foi atingido',
  ),
  WEBHOOKS_NOT_INSTALLED: def(
    409,
    'Install the Webhooks app first',
    'Instale o aplicativo Webhooks primeiro',
  ),
  // Satisfaction surveys (issue 18).
  SURVEYS_DISABLED: def(
    409,
    'Satisfaction surveys are turned off in the settings',
    'As pesquisas de satisfação estão desativadas nas configurações',
  ),
  SURVEY_CHANNEL_OFF: def(
    409,
    'Satisfaction surveys are not sent on this channel',
    'As pesquisas de satisfação não são enviadas neste canal',
  ),
  SURVEY_RECENTLY_ASKED: def(
    409,
    'This contact already got a survey recently (minimum interval between surveys)',
    'Este contato já recebeu uma pesquisa recentemente (intervalo mínimo entre pesquisas)',
  ),
  // Departments and key entities (issue 13).
  DEPARTMENT_NOT_FOUND: def(404, 'Department not found', 'Departamento não encontrado'),
  DEPARTMENT_NAME_IN_USE: def(
    409,
    'A department with this name already exists',
    'Já existe um departamento com este nome',
  ),
  DEPARTMENTS_LIMIT_REACHED: def(
    409,
    'The department limit was reached',
    'O limite de departamentos foi atingido',
  ),
  DEPARTMENT_HAS_MEMBERS: def(
    409,
    'Remove the members of this department before deleting it',
    'Remova os membros deste departamento antes de excluí-lo',
  ),
  DEPARTMENT_UNKNOWN: def(400, 'One of the departments does not exist', 'Um dos departamentos não existe'),
  KEY_ENTITY_NOT_FOUND: def(404, 'Entity not found', 'Entidade não encontrada'),
  ENTITY_EXISTS: def(409, 'Entity already exists', 'A entidade já existe'),
  KEY_ENTITIES_LIMIT_REACHED: def(409, 'The entity limit was reached', 'O limite de entidades foi atingido'),
  KEY_ENTITY_UNKNOWN: def(400, 'One of the entities does not exist', 'Uma das entidades não existe'),
  // Chatbots (issue 14)
  CHATBOT_NOT_FOUND: def(404, 'Chatbot not found', 'Chatbot não encontrado'),
  CHATBOT_LIMIT_REACHED: def(
    403,
    'Your {plan} plan allows {limit} chatbot. Delete the existing one to create another.',
    'Seu plano {plan} permite {limit} chatbot. Exclua o chatbot existente para criar outro.',
  ),
  CHATBOT_FLOW_INVALID: def(
    422,
    'The flow has problems to fix before publishing',
    'O fluxo tem problemas a corrigir antes de publicar',
  ),
  CHATBOT_CHANNEL_IN_USE: def(
    409,
    'Another published chatbot already answers on this channel',
    'Outro chatbot publicado já atende neste canal',
  ),
  CHATBOT_VERSION_NOT_FOUND: def(404, 'Chatbot version not found', 'Versão do chatbot não encontrada'),
  CHATBOT_NOT_PUBLISHED: def(409, 'This chatbot is not published', 'Este chatbot não está publicado'),
  CHATBOT_TEST_NO_WEBCHAT: def(
    409,
    'Create a web chat channel to test the chatbot',
    'Crie um canal de chat web para testar o chatbot',
  ),
  CHATPAGE_SLUG_IN_USE: def(409, 'chatpage name in use', 'nome da página de chat em uso'),
  // Campaigns and SMS credit (issue 16).
  CAMPAIGN_NOT_FOUND: def(404, 'Campaign not found', 'Campanha não encontrada'),
  CAMPAIGN_NOT_DRAFT: def(409, 'This campaign has already been started', 'Esta campanha já foi iniciada'),
  CAMPAIGN_INVALID_TRANSITION: def(
    409,
    'The campaign cannot do this in its current status',
    'A campanha não pode fazer isso no status atual',
  ),
  CAMPAIGN_CONSENT_REQUIRED: def(
    400,
    'Accept the consent terms to send the campaign',
    'Aceite os termos de consentimento para enviar a campanha',
  ),
  CAMPAIGN_NO_RECIPIENTS: def(
    400,
    'Add at least one valid recipient',
    'Adicione pelo menos um destinatário válido',
  ),
  CAMPAIGN_TEMPLATE_REQUIRED: def(
    400,
    'Choose an approved template of the channel',
    'Escolha um modelo aprovado do canal',
  ),
  CAMPAIGN_TEXT_REQUIRED: def(400, 'Message cannot be empty', 'Messagem não pode estar vazio'),
  CAMPAIGN_CHANNEL_INVALID: def(
    400,
    "Choose a channel of the campaign's type",
    'Escolha um canal do tipo da campanha',
  ),
  CAMPAIGN_MAPPING_INCOMPLETE: def(
    400,
    'Choose a value for every template variable',
    'Escolha um valor para cada variável do modelo',
  ),
  CAMPAIGN_SMS_DISABLED: def(
    403,
    'SMS campaigns are not enabled for this account',
    'Campanhas de SMS não estão habilitadas nesta conta',
  ),
  CAMPAIGN_CSV_INVALID: def(400, 'Select a valid .csv file', 'Selecione um arquivo .csv válido'),
  SMS_PACKAGE_NOT_FOUND: def(404, 'Credit package not found', 'Pacote de créditos não encontrado'),
  // Automations (issue 17).
  AUTOMATION_NOT_FOUND: def(404, 'Automation not found', 'Automação não encontrada'),
  AUTOMATIONS_DISABLED: def(
    403,
    'Automations are not enabled for this account',
    'Automações não estão habilitadas nesta conta',
  ),
} as const satisfies Record<string, TErrorDef>;

export type TErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: string): value is TErrorCode {
  return Object.hasOwn(ERRORS, value);
}

export function errorMessage(
  code: TErrorCode,
  lang: 'pt-BR' | 'en',
  params: Record<string, string> = {},
): string {
  const text = ERRORS[code][lang];
  return text.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? `{${key}}`);
}
