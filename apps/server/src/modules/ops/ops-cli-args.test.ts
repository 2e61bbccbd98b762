import { describe, expect, it } from 'vitest';
import { OpsUsageError, parseOpsArgs } from './ops-cli-args';

const refused = (argv: string[]) => {
  try {
    parseOpsArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(OpsUsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
};

describe('npm run ops -- <command>: argument parsing', () => {
  it('no command, help, -h and --help print the usage', () => {
    for (const argv of [[], ['help'], ['-h'], ['--help']])
      expect(parseOpsArgs(argv)).toEqual({ command: 'help' });
  });

  it('account:show takes one account id or e-mail', () => {
    expect(parseOpsArgs(['account:show', 'dona@empresa.com'])).toEqual({
      command: 'account:show',
      ref: 'dona@empresa.com',
    });
    expect(refused(['account:show'])).toBe('account:show takes one account id or e-mail');
  });

  it('account:set reads field=value pairs: booleans in several spellings, automationLimit as a whole number', () => {
    expect(
      parseOpsArgs([
        'account:set',
        'acc-1',
        'aiEnable=false',
        'locked=yes',
        'isBonus=1',
        'whitelabel=OFF',
        'automationLimit=25',
      ]),
    ).toEqual({
      command: 'account:set',
      ref: 'acc-1',
      patch: { aiEnable: false, locked: true, isBonus: true, whitelabel: false, automationLimit: 25 },
    });
  });

  it('account:set refuses unknown fields, bad values, repeats and an empty change', () => {
    expect(refused(['account:set', 'acc-1', 'blockContactTab=true'])).toBe('Unknown field "blockContactTab"');
    expect(refused(['account:set', 'acc-1', 'aiEnable=talvez'])).toBe(
      'aiEnable takes true or false, not "talvez"',
    );
    expect(refused(['account:set', 'acc-1', 'automationLimit=-3'])).toBe(
      'automationLimit takes a whole number, not "-3"',
    );
    expect(refused(['account:set', 'acc-1', 'locked=true', 'locked=false'])).toBe('locked is given twice');
    expect(refused(['account:set', 'acc-1', 'locked'])).toBe('Expected field=value, got "locked"');
    expect(refused(['account:set', 'acc-1'])).toBe('account:set needs at least one field=value');
    expect(refused(['account:set'])).toBe("account:set needs an account id or its master's e-mail");
  });

  it('account:sms-credit takes an account and a whole number of credits', () => {
    expect(parseOpsArgs(['account:sms-credit', 'acc-1', '500'])).toEqual({
      command: 'account:sms-credit',
      ref: 'acc-1',
      amount: 500,
    });
    expect(refused(['account:sms-credit', 'acc-1', '5.5'])).toBe('credits takes a whole number, not "5.5"');
  });

  it('coupon:create: percent or a fixed amount (to cents), dates (until: through that day), max uses', () => {
    expect(
      parseOpsArgs([
        'coupon:create',
        'bemvindo',
        'percent=20',
        'from=2026-01-01',
        'until=2026-12-31',
        'maxUses=100',
      ]),
    ).toEqual({
      command: 'coupon:create',
      body: {
        code: 'bemvindo',
        kind: 'percent',
        value: 20,
        validFrom: '2026-01-01T00:00:00.000Z',
        validUntil: '2027-01-01T00:00:00.000Z',
        maxUses: 100,
      },
    });
    expect(parseOpsArgs(['coupon:create', 'MENOS50', 'fixed=49,9'])).toEqual({
      command: 'coupon:create',
      body: { code: 'MENOS50', kind: 'fixed', value: 4990 },
    });
    expect(parseOpsArgs(['coupon:create', 'X10', 'fixed=10']).command).toBe('coupon:create');
  });

  it('coupon:create refuses a missing code, both or neither kind, bad amounts and dates', () => {
    expect(refused(['coupon:create', 'percent=10'])).toBe('coupon:create needs the coupon code first');
    expect(refused(['coupon:create', 'A1B', 'percent=10', 'fixed=5'])).toBe(
      'Give either percent=<1-100> or fixed=<amount>',
    );
    expect(refused(['coupon:create', 'A1B'])).toBe('Give either percent=<1-100> or fixed=<amount>');
    expect(refused(['coupon:create', 'A1B', 'fixed=R$5'])).toBe(
      'fixed takes an amount such as 49.90, not "R$5"',
    );
    expect(refused(['coupon:create', 'A1B', 'percent=10', 'until=amanhã'])).toBe(
      'until takes a date such as 2026-12-31, not "amanhã"',
    );
    expect(refused(['coupon:create', 'A1B', 'percent=10', 'uses=3'])).toBe('Unknown option "uses"');
  });

  it('coupon:list takes nothing; unknown commands are refused', () => {
    expect(parseOpsArgs(['coupon:list'])).toEqual({ command: 'coupon:list' });
    expect(refused(['coupon:list', 'x'])).toBe('coupon:list takes no arguments');
    expect(refused(['account:delete', 'x'])).toBe('Unknown command "account:delete"');
  });
});
