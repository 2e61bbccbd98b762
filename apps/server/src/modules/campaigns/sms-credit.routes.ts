import type { FastifyInstance } from 'fastify';
import { ZSmsBuyBody, ZSmsBuyResult, ZSmsCredit } from '@atende/shared';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

/** SMS credit (admins): balance, history and packages; buying one goes through the billing provider. */
export async function smsCreditRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['campaigns']);
  route.get('/p/sms-credit', { role: 'admin', response: okOf(ZSmsCredit) }, ({ tenant }) =>
    app.services.smsCredit.get(tenant.accountId),
  );
  route.post(
    '/p/sms-credit/buy',
    { role: 'admin', body: ZSmsBuyBody, response: okOf(ZSmsBuyResult) },
    ({ tenant, body, lang }) =>
      app.services.smsCredit.buy(tenant.accountId, tenant.userId, body.packageId, lang),
  );
}
