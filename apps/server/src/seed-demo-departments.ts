import type { FastifyInstance } from 'fastify';
import type { TActor } from './platform/request-context';

/**
 * The demo account's departments and key entities (issue 13), through their services as an admin
 * would create them: Vendas (its own capacity), Suporte, and Financeiro (outside automatic
 * distribution); the key entities the bot captures ($email, the contact's own e-mail; $cpf, $pedido)
 * and $cidade, which the demo's contacts hold.
 */
export async function seedDemoDepartments(app: FastifyInstance, accountId: string, actor: TActor) {
  const { departments, keyEntities } = app.services;
  const ids: Record<string, string> = {};
  for (const d of [
    { name: 'Vendas', description: 'Orçamentos, pedidos novos e atacado', capacity: 5 },
    { name: 'Suporte', description: 'Entregas, trocas e dúvidas de uso' },
    { name: 'Financeiro', description: 'Boletos, notas fiscais e reembolsos', distribution: false },
  ])
    ids[d.name] = (await departments.create(accountId, d, actor))._id;
  for (const e of [
    { name: 'E-mail', alias: '$email', type: 'email' as const },
    { name: 'Cidade', alias: '$cidade', type: 'text' as const },
    { name: 'CPF', alias: '$cpf', type: 'cpf' as const },
    { name: 'Número do pedido', alias: '$pedido', type: 'text' as const, validation: '^[0-9]{4,10}$' },
  ])
    await keyEntities.create(accountId, e, actor);
  return ids;
}
