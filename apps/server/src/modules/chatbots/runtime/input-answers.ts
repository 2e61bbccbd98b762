import { isValidEmail, normalizePhone, type TChoiceOption, type TInputBlock } from '@atende/shared';

/** A customer's answer as the runtime reads it (several debounced messages read together). */
export interface TAnswer {
  text: string;
  /** The option the channel reported (WhatsApp button/list reply, web chat button). */
  reply?: { id: string; title: string } | null;
  fileUrl?: string | null;
}

export type TParsed = { ok: true; value: string; optionId?: string } | { ok: false };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s.!?,;:]+|[\s.!?,;:]+$/g, '');

/** The option an answer picks: the reported reply, its number ("2", "2.") or its title. */
export function matchOption(answer: TAnswer, options: TChoiceOption[]): TChoiceOption | undefined {
  if (answer.reply) {
    const byId = options.find((o) => o.id === answer.reply!.id);
    if (byId) return byId;
  }
  const typed = (answer.text || answer.reply?.title || '').trim();
  if (!typed) return undefined;
  const number = typed.match(/^(\d{1,3})[.)]?$/);
  if (number) return options[Number(number[1]) - 1];
  const folded = fold(typed);
  return options.find((o) => fold(o.title) === folded);
}

const onlyDigits = (s: string) => s.replace(/\D/g, '');

export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== Number(d[len])) return false;
  }
  return true;
}

export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  for (const len of [12, 13]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * weights[i + (13 - len)];
    const rest = sum % 11;
    const check = rest < 2 ? 0 : 11 - rest;
    if (check !== Number(d[len])) return false;
  }
  return true;
}

function parseDate(text: string): string | null {
  const t = text.trim();
  let y: number;
  let m: number;
  let d: number;
  const br = t.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/);
  const iso = t.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/);
  if (br) [d, m, y] = [Number(br[1]), Number(br[2]), Number(br[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function parseNumber(text: string): number | null {
  const t = text.trim().replace(/\s/g, '');
  if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+([.,]\d+)?$/.test(t)) return null;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

/** Validates and normalizes an answer for an input block. */
export function parseAnswer(block: TInputBlock, answer: TAnswer): TParsed {
  const text = answer.text.trim();
  const ok = (value: string, optionId?: string): TParsed => ({
    ok: true,
    value,
    ...(optionId ? { optionId } : {}),
  });
  switch (block.type) {
    case 'text_input': {
      if (!text) return { ok: false };
      if (block.minLength && text.length < block.minLength) return { ok: false };
      if (block.maxLength && text.length > block.maxLength) return { ok: false };
      if (block.pattern) {
        try {
          if (!new RegExp(block.pattern).test(text)) return { ok: false };
        } catch {
          return { ok: false };
        }
      }
      return ok(text);
    }
    case 'number_input': {
      const n = parseNumber(text);
      if (n === null) return { ok: false };
      if (block.min !== null && block.min !== undefined && n < block.min) return { ok: false };
      if (block.max !== null && block.max !== undefined && n > block.max) return { ok: false };
      return ok(String(n));
    }
    case 'email_input':
      return isValidEmail(text) ? ok(text.toLowerCase()) : { ok: false };
    case 'phone_input': {
      const digits = onlyDigits(text);
      if (digits.length < 8) return { ok: false };
      const withCountry =
        text.trim().startsWith('+') || digits.length > 11 ? text : `+${block.defaultCountryCode}${digits}`;
      const e164 = normalizePhone(withCountry);
      return e164 ? ok(e164) : { ok: false };
    }
    case 'url_input': {
      const candidate = /^https?:\/\//i.test(text) ? text : `https://${text}`;
      try {
        const url = new URL(candidate);
        return url.hostname.includes('.') && !/\s/.test(text) ? ok(url.toString()) : { ok: false };
      } catch {
        return { ok: false };
      }
    }
    case 'date_input': {
      const date = parseDate(text);
      return date ? ok(date) : { ok: false };
    }
    case 'time_input': {
      const m = text.match(/^(\d{1,2})(?::|h)(\d{2})?$/i);
      if (!m) return { ok: false };
      const h = Number(m[1]);
      const min = Number(m[2] ?? 0);
      if (h > 23 || min > 59) return { ok: false };
      return ok(`${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`);
    }
    case 'cpf_cnpj_input': {
      const d = onlyDigits(text);
      if (block.accept !== 'cnpj' && isValidCpf(d)) return ok(d);
      if (block.accept !== 'cpf' && isValidCnpj(d)) return ok(d);
      return { ok: false };
    }
    case 'choice_input':
    case 'picture_choice_input': {
      if (block.type === 'choice_input' && block.mode === 'multiple') {
        const parts = text
          .split(/[,;\n]+|\s+e\s+|\s+and\s+/i)
          .map((p) => p.trim())
          .filter(Boolean);
        const picked = parts.map((p) => matchOption({ text: p }, block.options));
        if (answer.reply) picked.push(matchOption(answer, block.options));
        const chosen = [...new Set(picked.filter((o) => o !== undefined))];
        if (chosen.length === 0 || picked.some((o) => o === undefined)) return { ok: false };
        return ok(chosen.map((o) => o!.title).join(', '));
      }
      const option = matchOption(answer, block.options);
      return option ? ok(option.title, option.id) : { ok: false };
    }
    case 'rating_input': {
      if (!/^\d{1,2}$/.test(text)) {
        const option = answer.reply && /^\d{1,2}$/.test(answer.reply.id) ? answer.reply.id : null;
        if (!option) return { ok: false };
        return parseAnswer(block, { text: option });
      }
      const n = Number(text);
      const [min, max] = block.scale === 'nps' ? [0, 10] : [1, 5];
      return n >= min && n <= max ? ok(String(n)) : { ok: false };
    }
    case 'file_input':
      return answer.fileUrl ? ok(answer.fileUrl) : { ok: false };
  }
}

/** The options an input offers (choice, picture choice, rating scales). */
export function inputOptions(block: TInputBlock): TChoiceOption[] | null {
  if (block.type === 'choice_input' || block.type === 'picture_choice_input') return block.options;
  if (block.type === 'rating_input') {
    const [min, max] = block.scale === 'nps' ? [0, 10] : [1, 5];
    return Array.from({ length: max - min + 1 }, (_, i) => ({ id: String(min + i), title: String(min + i) }));
  }
  return null;
}
