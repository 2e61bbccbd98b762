import type { TFlowDocument } from '@atende/shared';

/** What texts can read: the contact (key entities), the session's variables and built-ins. */
export interface TTextContext {
  doc: TFlowDocument;
  variables: Record<string, string>;
  contact: {
    name: string;
    phone: string | null;
    email: string | null;
    customFields: Record<string, unknown>;
  };
  now: Date;
  timeZone: string;
  seed: string;
}

const REF = /\{\{\s*(\$?[\p{L}_][\p{L}\p{N}_]*)\s*\}\}/gu;

function localParts(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute') };
}

/** A stable pseudo-random number in [0, 1) for a seed (a repeated turn draws the same). */
export function seededRandom(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) / 2 ** 32;
}

/** Built-ins of set_variable and {{$now}}-style references. */
export function builtinValue(name: string, ctx: TTextContext): string | undefined {
  const t = localParts(ctx.now, ctx.timeZone);
  switch (name) {
    case 'now':
      return `${t.d}/${t.m}/${t.y} ${t.h}:${t.min}`;
    case 'today':
      return `${t.d}/${t.m}/${t.y}`;
    case 'contactName':
      return ctx.contact.name;
    case 'contactPhone':
      return ctx.contact.phone ?? '';
    case 'randomId':
      return Math.floor(seededRandom(ctx.seed) * 36 ** 8)
        .toString(36)
        .padStart(8, '0');
    case 'momentOfDay': {
      const hour = Number(t.h);
      return hour < 12 ? 'bom dia' : hour < 18 ? 'boa tarde' : 'boa noite';
    }
    default:
      return undefined;
  }
}

/** The value of a `$key`: a key entity of the contact, a built-in, or a contact custom field. */
export function dollarValue(key: string, ctx: TTextContext): string {
  const c = ctx.contact;
  switch (key) {
    case 'name':
      return c.name;
    case 'firstName':
      return c.name.split(/\s+/)[0] ?? '';
    case 'email':
      return c.email ?? '';
    case 'phone':
      return c.phone ?? '';
  }
  const builtin = builtinValue(key, ctx);
  if (builtin !== undefined) return builtin;
  const custom = c.customFields[key];
  return custom === null || custom === undefined ? '' : String(custom);
}

/** A variable's value by id, or a `$key` reference. */
export function refValue(ref: string, ctx: TTextContext): string {
  if (ref.startsWith('$')) return dollarValue(ref.slice(1), ctx);
  return ctx.variables[ref] ?? '';
}

/** Fills {{name}} (flow variables by name) and {{$key}}; `escape` formats each value (JSON, URL). */
export function renderText(
  text: string,
  ctx: TTextContext,
  format: (v: string) => string = (v) => v,
): string {
  const byName = new Map(ctx.doc.variables.map((v) => [v.name.toLowerCase(), v.id]));
  return text.replace(REF, (_whole, ref: string) => {
    if (ref.startsWith('$')) return format(dollarValue(ref.slice(1), ctx));
    const id = byName.get(ref.toLowerCase());
    return format(id ? (ctx.variables[id] ?? '') : '');
  });
}
