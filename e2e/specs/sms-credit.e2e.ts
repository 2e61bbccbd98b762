import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../apps/server/src/testing/fake-stripe';
import { apiSignIn } from '../support/api';
import { hasChromium } from '../support/browser';
import { signUpByApi, uniqueEmail } from '../support/flows';
import { goTo, shootBothLanguages, signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;

// SMS credit (issue 16) bought through Stripe: the admin picks a package, pays on Stripe's page
// (the fake's address is answered by the browser's route), Stripe's signed webhook confirms it, and
// back on /apps/campaigns the notice and the balance show the credit. Leaving Stripe's page charges
// nothing.
describe.skipIf(!hasChromium())('SMS credit bought through Stripe in chromium', () => {
  const stripe = new FakeStripe();
  const suite = useE2eSuite(T, async () => {
    await stripe.start();
    return stripe.config();
  });
  const email = uniqueEmail('sara.sms');
  let page: Page;
  let acc: string;

  afterAll(async () => {
    await stripe.stop();
  });

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Sara', 'pro', 'Sara Lima');
    acc = (await apiSignIn(suite.server, email)).acc;
    await suite.server.app.services.ops.set(acc, { smsDispatchEnable: true }, { via: 'cli' });
    page = await signedInPage(suite, email);
    await page.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<html><body><h1>Stripe Checkout</h1></body></html>' }),
    );
  }, T);

  it(
    "buys a package on Stripe's page; the credit arrives with Stripe's confirmation; a cancelled payment charges nothing",
    async () => {
      await goTo(page, '/apps/campaigns');
      const card = page.getByTestId('sms-credit');
      await page.getByTestId('sms-balance').getByText('0 créditos', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Comprar créditos' }).click();
      const dialog = page.getByRole('dialog', { name: 'Comprar créditos de SMS' });
      await dialog.getByRole('button', { name: 'Comprar' }).first().click();
      await page.waitForURL(/checkout\.stripe\.test/);
      await page.getByRole('heading', { name: 'Stripe Checkout' }).waitFor();

      // What Stripe was asked for: a one-time payment in reais.
      const session = stripe.lastSession();
      expect(session.form.get('mode')).toBe('payment');
      expect(session.form.get('line_items[0][price_data][currency]')).toBe('brl');
      expect(session.form.get('metadata[packageId]')).toBe('sms-1000');

      // Stripe confirms the payment (its signed webhook), and sends the buyer back.
      const payload = stripe.sessionEvent('checkout.session.completed', session.id);
      const res = await fetch(`${suite.server.baseUrl}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signature(payload) },
        body: payload,
      });
      expect(res.status).toBe(200);
      await page.goto(session.form.get('success_url')!);
      const notice = page.getByTestId('sms-purchase-notice');
      await shootBothLanguages(page, 'sms-credit-paid', async (lang) => {
        await notice
          .getByText(
            lang === 'en'
              ? 'Thank you! Stripe confirmed the payment and the credits are in your balance.'
              : 'Obrigado! O Stripe confirmou o pagamento e os créditos já estão no seu saldo.',
          )
          .waitFor();
        await page
          .getByTestId('sms-balance')
          .getByText(lang === 'en' ? '1,000 credits' : '1.000 créditos', { exact: true })
          .waitFor();
      });

      // Closing the notice drops it from the address (the account stays).
      await notice.getByRole('button', { name: 'Fechar' }).click();
      await page.waitForURL((url) => !url.searchParams.has('sms') && url.searchParams.get('acc') === acc);

      // Back from Stripe without paying.
      await page.goto(`/apps/campaigns?sms=cancel&acc=${acc}`);
      await shootBothLanguages(page, 'sms-credit-cancelled', async (lang) => {
        await notice
          .getByText(
            lang === 'en'
              ? 'You left the payment page before paying: nothing was charged.'
              : 'Você saiu da página de pagamento sem pagar: nada foi cobrado.',
          )
          .waitFor();
      });
    },
    T,
  );
});
