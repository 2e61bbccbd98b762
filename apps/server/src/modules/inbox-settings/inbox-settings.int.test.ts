import { describe, expect, it } from 'vitest';
import { useTwoAccounts } from '../../testing/app-fixtures';
import { signUp } from '../../testing/fixtures';
import { member } from '../inbox/testing/inbox.testing';

const setup = useTwoAccounts();
const { call } = setup;

describe('inbox settings', () => {
  it('starts from the defaults and saves a valid change', async () => {
    const initial = await call('GET', '/p/chat/settings');
    expect(initial.body.data).toMatchObject({
      hoursEnabled: false,
      loadSize: 200,
      hideWaitingTab: false,
      blockStartConversation: false,
      restrictOutsideHours: false,
      downtimeDays: null,
      operatorCapacity: 5,
      timeToSendAutomationAndCampaign: null,
    });
    expect(Object.keys(initial.body.data.hours)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    const hours = { ...initial.body.data.hours, saturday: [{ start: '09:00', end: '13:00' }] };
    const saved = await call('PUT', '/p/chat/settings', {
      body: {
        hoursEnabled: true,
        hours,
        outOfHoursMessageEnabled: true,
        outOfHoursMessage: 'Voltamos às 8h',
        loadSize: 1000,
        downtimeDays: 90,
        timeToSendAutomationAndCampaign: { start: '08:00', end: '20:00' },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({ hoursEnabled: true, loadSize: 1000, downtimeDays: 90 });
    expect(saved.body.data.hours.saturday).toEqual([{ start: '09:00', end: '13:00' }]);
    expect((await call('GET', '/p/chat/settings')).body.data.outOfHoursMessage).toBe('Voltamos às 8h');
  });

  it('refuses an inbox load size outside 20–1000 and downtime outside 1–90 days with the spec ranges', async () => {
    for (const loadSize of [19, 1001, 2.5]) {
      const res = await call('PUT', '/p/chat/settings', { body: { loadSize } });
      expect(res.statusCode).toBe(400);
      expect(res.body.fields).toEqual([
        {
          path: 'loadSize',
          key: 'inboxLoadSize',
          message: 'The inbox load size must be between 20 and 1000',
        },
      ]);
    }
    for (const downtimeDays of [0, 91]) {
      const res = await call('PUT', '/p/chat/settings', { body: { downtimeDays }, lang: 'pt-BR' });
      expect(res.body.fields).toEqual([
        {
          path: 'downtimeDays',
          key: 'downtimeDays',
          message: 'O encerramento por inatividade deve ser entre 1 e 90 dias',
        },
      ]);
    }
    const range = await call('PUT', '/p/chat/settings', {
      body: { hours: { monday: [{ start: '18:00', end: '08:00' }] } },
    });
    expect(range.body.fields).toEqual([
      { path: 'hours.monday.0.end', key: 'hoursRange', message: 'The end time must be after the start time' },
    ]);
    for (const ok of [{ loadSize: 20 }, { downtimeDays: 1 }, { downtimeDays: null }])
      expect((await call('PUT', '/p/chat/settings', { body: ok })).statusCode).toBe(200);
  });

  it('is admin-only to read and write; other accounts keep their own', async () => {
    const operator = await member(setup.ctx, setup.owner, 'operator');
    const manager = await member(setup.ctx, setup.owner, 'manager');
    for (const token of [operator.token, manager.token]) {
      expect((await call('GET', '/p/chat/settings', { token })).statusCode).toBe(403);
      expect((await call('PUT', '/p/chat/settings', { token, body: { loadSize: 50 } })).statusCode).toBe(403);
    }
    const mine = await call('GET', '/p/chat/settings', {
      token: setup.other.token,
      acc: setup.other.accountId,
    });
    expect(mine.body.data.loadSize).toBe(200);
    const cross = await call('GET', '/p/chat/settings', { token: setup.other.token });
    expect(cross.statusCode).toBe(404);
  });
});

describe('closing reasons', () => {
  it('are unique per account (case-insensitive), never empty, and every member can read them', async () => {
    const created = await call('POST', '/p/chat/closing-reasons', {
      body: { name: 'Resolvido', subReasons: ['Dúvida', 'Compra'] },
    });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Resolvido', subReasons: ['Dúvida', 'Compra'] });
    const dup = await call('POST', '/p/chat/closing-reasons', { body: { name: 'resolvido' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'CLOSING_REASON_EXISTS',
      message: 'This closing reason already exists',
    });
    const empty = await call('POST', '/p/chat/closing-reasons', { body: { name: '  ' } });
    expect(empty.body.fields).toEqual([{ path: 'name', key: 'required', message: 'This field is required' }]);
    const subDup = await call('POST', '/p/chat/closing-reasons', {
      body: { name: 'Outro', subReasons: ['A', 'a'] },
    });
    expect(subDup.body.fields![0]).toMatchObject({ path: 'subReasons', key: 'duplicate' });
    // Another account may use the same name.
    const elsewhere = await call('POST', '/p/chat/closing-reasons', {
      token: setup.other.token,
      acc: setup.other.accountId,
      body: { name: 'Resolvido' },
    });
    expect(elsewhere.statusCode).toBe(200);
    const operator = await member(setup.ctx, setup.owner, 'operator');
    const list = await call('GET', '/p/chat/closing-reasons', { token: operator.token });
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Resolvido']);
    expect(
      (await call('POST', '/p/chat/closing-reasons', { token: operator.token, body: { name: 'X' } }))
        .statusCode,
    ).toBe(403);
    // Renaming onto an existing name is refused too; another account's reason is not found.
    const second = (await call('POST', '/p/chat/closing-reasons', { body: { name: 'Spam' } })).body.data;
    const rename = await call('PUT', `/p/chat/closing-reasons/${second._id}`, {
      body: { name: 'RESOLVIDO' },
    });
    expect(rename.body.code).toBe('CLOSING_REASON_EXISTS');
    const foreign = await call('DELETE', `/p/chat/closing-reasons/${second._id}`, {
      token: setup.other.token,
      acc: setup.other.accountId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.code).toBe('CLOSING_REASON_NOT_FOUND');
    expect((await call('DELETE', `/p/chat/closing-reasons/${second._id}`)).statusCode).toBe(200);
  });

  it('stop at 50 per account: reasons limit reached', async () => {
    const fresh = await signUp(setup.ctx);
    const results = await Promise.all(
      Array.from({ length: 52 }, (_, i) =>
        call('POST', '/p/chat/closing-reasons', {
          token: fresh.token,
          acc: fresh.accountId,
          body: { name: `Motivo ${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(50);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(2);
    for (const r of refused)
      expect(r.body).toMatchObject({
        code: 'REASONS_LIMIT_REACHED',
        message: 'Closing reasons limit reached',
      });
  });
});
