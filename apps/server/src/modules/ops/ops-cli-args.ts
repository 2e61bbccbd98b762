import {
  OPS_BOOLEAN_FIELDS,
  OPS_NUMBER_FIELDS,
  type TCouponBody,
  type TOpsAccountPatch,
} from '@atende/shared';

/** One command of `npm run ops -- <command> ...` (issue 13), parsed from its arguments. */
export type TOpsCommand =
  | { command: 'help' }
  | { command: 'account:show'; ref: string }
  | { command: 'account:set'; ref: string; patch: TOpsAccountPatch }
  | { command: 'account:sms-credit'; ref: string; amount: number }
  | { command: 'coupon:create'; body: TCouponBody }
  | { command: 'coupon:list' };

/** A command line the CLI cannot run: its message says what to type instead. */
export class OpsUsageError extends Error {}

export const OPS_USAGE = `Usage: npm run ops -- <command>

  account:show <accountId|email>
  account:set <accountId|email> <field>=<value> [...]
      fields: ${[...OPS_BOOLEAN_FIELDS, ...OPS_NUMBER_FIELDS].join(', ')}
      booleans take true/false (yes/no, on/off, 1/0); automationLimit a whole number
  account:sms-credit <accountId|email> <credits>     adds SMS credits
  coupon:create <CODE> percent=<1-100>|fixed=<amount, e.g. 49.90> [from=<date>] [until=<date>] [maxUses=<n>]
      dates as YYYY-MM-DD (until: valid through that day, UTC) or ISO 8601
  coupon:list

An e-mail names the account whose master it is.`;

const TRUE = new Set(['true', 'yes', 'on', '1']);
const FALSE = new Set(['false', 'no', 'off', '0']);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function boolOf(field: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new OpsUsageError(`${field} takes true or false, not "${raw}"`);
}

function wholeOf(field: string, raw: string): number {
  if (!/^\d+$/.test(raw.trim())) throw new OpsUsageError(`${field} takes a whole number, not "${raw}"`);
  return Number(raw.trim());
}

/** An amount in currency units ("49.90", "49,90", "50") → cents. */
function centsOf(field: string, raw: string): number {
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(raw.trim());
  if (!match) throw new OpsUsageError(`${field} takes an amount such as 49.90, not "${raw}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** A date as given: YYYY-MM-DD is the start of that day (UTC), or the end of it for `until`. */
function dateOf(field: string, raw: string, endOfDay: boolean): string {
  const value = raw.trim();
  const date = DATE_ONLY.test(value)
    ? new Date(`${value}T00:00:00.000Z`).getTime() + (endOfDay ? 86_400_000 : 0)
    : Date.parse(value);
  if (!Number.isFinite(date))
    throw new OpsUsageError(`${field} takes a date such as 2026-12-31, not "${raw}"`);
  return new Date(date).toISOString();
}

/** `field=value` pairs; a repeated or malformed pair is refused. */
function pairsOf(args: string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const arg of args) {
    const at = arg.indexOf('=');
    if (at <= 0) throw new OpsUsageError(`Expected field=value, got "${arg}"`);
    const key = arg.slice(0, at).trim();
    if (pairs.has(key)) throw new OpsUsageError(`${key} is given twice`);
    pairs.set(key, arg.slice(at + 1));
  }
  return pairs;
}

function refOf(args: string[], command: string): string {
  const ref = args[0]?.trim();
  if (!ref) throw new OpsUsageError(`${command} needs an account id or its master's e-mail`);
  return ref;
}

function accountPatchOf(args: string[]): TOpsAccountPatch {
  const pairs = pairsOf(args);
  if (pairs.size === 0) throw new OpsUsageError('account:set needs at least one field=value');
  const patch: Record<string, boolean | number> = {};
  for (const [field, raw] of pairs) {
    if ((OPS_BOOLEAN_FIELDS as readonly string[]).includes(field)) patch[field] = boolOf(field, raw);
    else if ((OPS_NUMBER_FIELDS as readonly string[]).includes(field)) patch[field] = wholeOf(field, raw);
    else throw new OpsUsageError(`Unknown field "${field}"`);
  }
  return patch as TOpsAccountPatch;
}

function couponOf(args: string[]): TCouponBody {
  const code = args[0]?.trim();
  if (!code || code.includes('=')) throw new OpsUsageError('coupon:create needs the coupon code first');
  const pairs = pairsOf(args.slice(1));
  const known = new Set(['percent', 'fixed', 'from', 'until', 'maxUses']);
  for (const key of pairs.keys()) if (!known.has(key)) throw new OpsUsageError(`Unknown option "${key}"`);
  const percent = pairs.get('percent');
  const fixed = pairs.get('fixed');
  if ((percent === undefined) === (fixed === undefined))
    throw new OpsUsageError('Give either percent=<1-100> or fixed=<amount>');
  const from = pairs.get('from');
  const until = pairs.get('until');
  const maxUses = pairs.get('maxUses');
  return {
    code,
    kind: percent !== undefined ? 'percent' : 'fixed',
    value: percent !== undefined ? wholeOf('percent', percent) : centsOf('fixed', fixed as string),
    ...(from !== undefined ? { validFrom: dateOf('from', from, false) } : {}),
    ...(until !== undefined ? { validUntil: dateOf('until', until, true) } : {}),
    ...(maxUses !== undefined ? { maxUses: wholeOf('maxUses', maxUses) } : {}),
  };
}

/** The command of a command line (the arguments after `npm run ops --`). */
export function parseOpsArgs(argv: string[]): TOpsCommand {
  const [command, ...args] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return { command: 'help' };
    case 'account:show':
      if (args.length !== 1) throw new OpsUsageError('account:show takes one account id or e-mail');
      return { command, ref: refOf(args, command) };
    case 'account:set':
      return { command, ref: refOf(args, command), patch: accountPatchOf(args.slice(1)) };
    case 'account:sms-credit': {
      if (args.length !== 2)
        throw new OpsUsageError('account:sms-credit takes an account and a number of credits');
      return { command, ref: refOf(args, command), amount: wholeOf('credits', args[1]) };
    }
    case 'coupon:create':
      return { command, body: couponOf(args) };
    case 'coupon:list':
      if (args.length) throw new OpsUsageError('coupon:list takes no arguments');
      return { command };
    default:
      throw new OpsUsageError(`Unknown command "${command}"`);
  }
}
