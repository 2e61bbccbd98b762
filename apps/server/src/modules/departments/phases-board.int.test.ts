import { describe, expect, it } from 'vitest';
import { useTwoAccounts } from '../../testing/app-fixtures';
import { addMember } from '../../testing/fixtures';
import { createContact } from '../contacts/contacts.fixtures';

const setup = useTwoAccounts();
const { call } = setup;

type TPhase = { _id: string; name: string; color: string };

describe('contact phases managed from the leads board', () => {
  it('admins create, rename, recolour, reorder and delete a phase, moving its contacts to another', async () => {
    const { ctx, owner } = setup;
    const created = await call('POST', '/p/chat/inbox/phases', {
      body: { name: 'Orçamento VIP', color: '#1971c2' },
    });
    expect(created.statusCode).toBe(200);
    const proposta = created.body.data as TPhase;
    const fechado = (await call('POST', '/p/chat/inbox/phases', { body: { name: 'Contrato assinado' } })).body
      .data as TPhase;
    const renamed = await call('PUT', `/p/chat/inbox/phases/${proposta._id}`, {
      body: { name: 'Orçamento enviado', color: '#e8590c' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Orçamento enviado', color: '#e8590c' });

    const all = (await call('GET', '/p/chat/inbox/phases')).body.data as TPhase[];
    const order = [fechado._id, ...all.map((p) => p._id).filter((id) => id !== fechado._id)];
    const reordered = await call('PUT', '/p/chat/inbox/phases/order', { body: { ids: order } });
    expect((reordered.body.data as TPhase[]).map((p) => p._id)).toEqual(order);

    const contact = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Rita',
      phase: proposta._id,
    });
    const badTarget = await call(
      'DELETE',
      `/p/chat/inbox/phases/${proposta._id}?moveTo=${setup.other.accountId}`,
    );
    expect(badTarget.body.code).toBe('PHASE_NOT_FOUND');
    const operator = await addMember(ctx, owner, 'operator');
    expect(
      (
        await call('DELETE', `/p/chat/inbox/phases/${proposta._id}?moveTo=${fechado._id}`, {
          token: operator.token,
        })
      ).statusCode,
    ).toBe(403);
    const removed = await call('DELETE', `/p/chat/inbox/phases/${proposta._id}?moveTo=${fechado._id}`);
    expect(removed.statusCode).toBe(200);
    const after = await call('GET', `/p/chat/contact/${contact._id}`);
    expect(after.body.data.phase).toBe(fechado._id);
    // Another account's phase is not a target.
    const theirs = (
      await call('POST', '/p/chat/inbox/phases', {
        token: setup.other.token,
        acc: setup.other.accountId,
        body: { name: 'Deles' },
      })
    ).body.data as TPhase;
    const refused = await call('DELETE', `/p/chat/inbox/phases/${fechado._id}?moveTo=${theirs._id}`);
    expect(refused.body.code).toBe('PHASE_NOT_FOUND');
  });
});
