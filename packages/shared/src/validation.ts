/**
 * Validation rules of spec §5. Messages are keys of VALIDATION_MESSAGES (translated on both sides).
 */
export const VALIDATION_MESSAGES = {
  required: { en: 'This field is required', 'pt-BR': 'Este campo é obrigatório' },
  invalid: { en: 'Invalid value', 'pt-BR': 'Valor inválido' },
  email: { en: 'Insert a valid e-mail', 'pt-BR': 'Insira um e-mail válido' },
  phone: { en: 'Invalid phone number', 'pt-BR': 'Telefone inválido, por favor verifique' },
  passwordMismatch: {
    en: "Password doesn't match. Please try again.",
    'pt-BR': 'As senhas não coincidem. Tente novamente.',
  },
  passwordWeak: {
    en: 'Use at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character',
    'pt-BR':
      'Use ao menos 8 caracteres com uma letra maiúscula, uma minúscula, um número e um caractere especial',
  },
  messageEmpty: { en: 'Message cannot be empty', 'pt-BR': 'Messagem não pode estar vazio' },
  selectRequired: { en: 'Select field is required', 'pt-BR': 'Selecione campo é obrigatório' },
  formErrors: {
    en: 'Please correct all errors in your form',
    'pt-BR': 'Por favor, corrija todos os erros em seu formulário',
  },
  couponInvalid: { en: 'Coupon code is not valid', 'pt-BR': 'Cupom inválido' },
  url: {
    en: 'URL must start with http:// or https://',
    'pt-BR': 'A URL deve começar com http:// ou https://',
  },
  tooLong: { en: 'Too long', 'pt-BR': 'Muito longo' },
  urlHttps: {
    en: 'The URL must start with https:// (http:// only for localhost)',
    'pt-BR': 'A URL deve começar com https:// (http:// apenas para localhost)',
  },
  otp: { en: 'Enter the 6-digit code', 'pt-BR': 'Digite o código de 6 dígitos' },
  deleteWord: { en: 'Type DELETE to confirm', 'pt-BR': 'Digite EXCLUIR para confirmar' },
  avatarType: { en: 'Allowed JPG, GIF or PNG', 'pt-BR': 'Permitido JPG, GIF ou PNG' },
  avatarSize: { en: 'Max size of 800kB', 'pt-BR': 'Tamanho máximo de 800kB' },
  inboxLoadSize: {
    en: 'The inbox load size must be between 20 and 1000',
    'pt-BR': 'O tamanho de carregamento da caixa de entrada deve ser entre 20 e 1000',
  },
  downtimeDays: {
    en: 'Downtime closing must be between 1 and 90 days',
    'pt-BR': 'O encerramento por inatividade deve ser entre 1 e 90 dias',
  },
  quickMessageEmpty: {
    en: 'Quick message field empty not allowed',
    'pt-BR': 'Campo de mensagem rápida vazio não permitido',
  },
  hoursRange: {
    en: 'The end time must be after the start time',
    'pt-BR': 'O horário final deve ser depois do horário inicial',
  },
  duplicate: { en: 'This value is repeated', 'pt-BR': 'Este valor está repetido' },
  templateAlone: {
    en: 'A template is sent on its own, without text or files',
    'pt-BR': 'O modelo é enviado sozinho, sem texto nem arquivos',
  },
  optOutWords: {
    en: 'Use at most 30 opt-out words',
    'pt-BR': 'Use no máximo 30 palavras de descadastro',
  },
  templateVariables: {
    en: 'Fill in every variable of the template',
    'pt-BR': 'Preencha todas as variáveis do modelo',
  },
} as const;

export type TValidationKey = keyof typeof VALIDATION_MESSAGES;
export type TLang = 'pt-BR' | 'en';
export const LANGS: readonly TLang[] = ['pt-BR', 'en'];

export function isValidationKey(value: string): value is TValidationKey {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** 'en' when the language contains 'en', else pt-BR when supported, else English (spec §4). */
export function resolveLang(lang: string | null | undefined): TLang {
  const value = (lang ?? '').toLowerCase();
  if (value.includes('en')) return 'en';
  if (value.startsWith('pt')) return 'pt-BR';
  return 'en';
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

export const PASSWORD_MIN_LENGTH = 8;

export interface TPasswordChecks {
  length: boolean;
  upper: boolean;
  lower: boolean;
  number: boolean;
  special: boolean;
}

export function passwordChecks(password: string): TPasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    number: /\d/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
}

/** The policy: at least 8 characters, 1 uppercase, 1 lowercase, 1 number, 1 special character. */
export function isPasswordAcceptable(password: string): boolean {
  return Object.values(passwordChecks(password)).every(Boolean) && password.length <= 128;
}

export const PASSWORD_LEVELS = ['veryWeak', 'weak', 'medium', 'strong', 'veryStrong'] as const;
export type TPasswordLevel = (typeof PASSWORD_LEVELS)[number];

/**
 * Strength level from the five policy checks (levels very weak to strong). zxcvbn's guess score
 * (0-4) may lower it further where the shared strength meter loads it; this rule alone is what
 * the server enforces.
 */
export function passwordLevel(password: string, guessScore?: number): TPasswordLevel {
  const passed = Object.values(passwordChecks(password)).filter(Boolean).length;
  let index = passed <= 1 ? 0 : passed - 1; // 0..4
  if (guessScore !== undefined) index = Math.min(index, Math.max(guessScore, passed === 5 ? 2 : 0));
  return PASSWORD_LEVELS[Math.max(0, Math.min(4, index))];
}

/** Account deletion confirmation word: DELETE, or EXCLUIR in Portuguese. */
export function isDeleteConfirmation(word: string): boolean {
  return word === 'DELETE' || word === 'EXCLUIR';
}

// The phone rule lives in its own module so pages that do not parse phones never load its metadata.
export { normalizePhone } from './phone';
