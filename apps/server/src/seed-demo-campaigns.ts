import type { FastifyInstance } from 'fastify';
import { newId } from './platform/db/columns';

/**
 * The demo account's campaigns (issue 16): one finished WhatsApp campaign, a week ago, to the demo
 * contacts — recorded through the campaigns service (no provider is reachable in the demo).
 */
export async function seedDemoCampaigns(app: FastifyInstance, accountId: string, userId: string) {
  const contacts = await app.services.contacts.contacts.list(
    { accountId, account: { timezone: 'America/Sao_Paulo' } } as never,
    { page: 1, limit: 40 } as never,
  );
  await app.services.campaigns.recordFinished({
    accountId,
    userId,
    name: 'Black Friday 2026',
    description: 'Oferta de 30% para clientes da base',
    template: {
      id: newId(),
      name: 'black_friday_2026',
      language: 'pt_BR',
      header: null,
      body: 'Olá {{1}}! A Black Friday chegou: 30% de desconto em toda a loja até domingo. Responda SAIR para não receber mais.',
    },
    people: contacts.items.filter((c) => c.phone).slice(0, 30),
  });
}
