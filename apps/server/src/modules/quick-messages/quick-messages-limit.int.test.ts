import { sql } from 'drizzle-orm';
import { QUICK_MESSAGE_LIMITS } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { useTwoAccounts } from '../../testing/app-fixtures';
import { queryRows } from '../../testing/helpers';

const setup = useTwoAccounts();
const { call } = setup;

describe('quick messages limit', () => {
  it('stops at 500 per account with a translated message; other accounts are not affected', async () => {
    const { ctx, owner } = setup;
    // All but one already there (as many admins would have typed them).
    await queryRows(
      ctx,
      sql`insert into quick_messages (id, account_id, shortcut, text)
          select gen_random_uuid(), ${owner.accountId}, 'atalho' || n, 'Texto ' || n
          from generate_series(1, ${QUICK_MESSAGE_LIMITS.max - 1}) as n`,
    );
    const last = await call('POST', '/p/chat/quick-messages', {
      body: { shortcut: 'ultimo', text: 'Último' },
    });
    expect(last.statusCode).toBe(200);
    const over = await call('POST', '/p/chat/quick-messages', {
      body: { shortcut: 'demais', text: 'Demais' },
    });
    expect(over.statusCode).toBe(400);
    expect(over.body).toMatchObject({
      code: 'QUICK_MESSAGES_LIMIT_REACHED',
      message: 'Quick messages limit reached (500 per account)',
    });
    const overPt = await call('POST', '/p/chat/quick-messages', {
      body: { shortcut: 'demais', text: 'Demais' },
      lang: 'pt-BR',
    });
    expect(overPt.body.message).toBe('Limite de mensagens rápidas atingido (500 por conta)');
    const elsewhere = await call('POST', '/p/chat/quick-messages', {
      body: { shortcut: 'demais', text: 'Demais' },
      acc: setup.other.accountId,
      token: setup.other.token,
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
