// Coupons at checkout (issue 13): the installation's operator creates a coupon; an admin applies
// it on the checkout page, sees the discounted price before paying, and pays it. Screenshots of
// the checkout with the coupon and with an invalid code, in both languages.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../support/browser';
import { signUpByApi, uniqueEmail } from '../support/flows';
import { goTo, inBothLanguages, signedInPage, toast, useE2eSuite } from '../support/pages';

const T = 180_000;

describe.skipIf(!hasChromium())('checkout coupons in chromium', () => {
  const suite = useE2eSuite(T);
  let admin: Page;
  const email = uniqueEmail('carla.coupon');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Carla', 'business', 'Carla Dias');
    await suite.server.app.services.ops.createCoupon({ code: 'BEMVINDO20', kind: 'percent', value: 20 });
    admin = await signedInPage(suite, email);
  }, T);

  it(
    'an invalid code reads "Cupom inválido"; a valid one shows the discount before paying and is paid',
    async () => {
      await goTo(admin, '/plans/checkout/business');
      const input = admin.getByTestId('coupon-input');
      await input.fill('NAOEXISTE');
      await admin.getByRole('button', { name: 'Aplicar' }).click();
      await inBothLanguages(admin, 'checkout-coupon-invalid', async (lang) => {
        await admin.getByText(lang === 'en' ? 'Coupon code is not valid' : 'Cupom inválido').waitFor();
      });

      await input.fill('bemvindo20');
      await admin.getByRole('button', { name: 'Aplicar' }).click();
      await inBothLanguages(admin, 'checkout-coupon', async (lang) => {
        await admin
          .getByText(lang === 'en' ? 'Coupon BEMVINDO20 applied' : 'Cupom BEMVINDO20 aplicado')
          .waitFor();
        await admin
          .getByTestId('checkout-pay')
          .filter({ hasText: lang === 'en' ? /^Pay R\$\s?399\.20$/ : /^Pagar R\$\s?399,20$/ })
          .waitFor();
      });
      expect(await admin.getByTestId('checkout-discount').textContent()).toMatch(/^−R\$\s?99,80$/);
      await admin.getByTestId('checkout-pay').click();
      await admin.waitForURL((url) => url.pathname === '/dashboard');
      await toast(admin, 'Sua conta agora está no plano Business.').waitFor();
      const [coupon] = await suite.server.app.services.ops.listCoupons();
      expect(coupon).toMatchObject({ code: 'BEMVINDO20', uses: 1 });
    },
    T,
  );
});
