/** Paying through the sandbox gateway as an applicant does (decision 016): the pay dialog's "Pay online" posts the
 * browser to the gateway's hosted checkout (a separate server, every page of it saying TEST MODE), the applicant pays
 * there, and the gateway sends them back to the portal's return page, which waits for the bank's verified word. The
 * sandbox can lose the redirect back and the webhook, so a test sees the other answers settle the payment. */
import { expect, type Locator, type Page } from '@playwright/test';

export interface GatewayPayOptions {
  /** The dialog to pay from; by default the open dialog named "Pay invoice INV-…". */
  dialog?: Locator;
  /** Tick "Lose the redirect back": after paying, the sandbox does not send the browser back to the portal. */
  loseRedirect?: boolean;
  /** Tick "Lose the webhook": the sandbox does not deliver the payment's webhook to the portal. */
  loseWebhook?: boolean;
  /** Press Fail instead of Pay. */
  fail?: boolean;
  /** How a button is pressed (by default a click; the keyboard journey tabs to it and presses Enter). */
  press?: (button: Locator, what: string) => Promise<void>;
}

/** The portal's address, to tell the gateway's pages (on another port) from ours. */
function portalOrigin(page: Page): string {
  return new URL(page.url()).origin;
}

/** From an open pay dialog: Pay online, pay (or fail) on the sandbox's TEST MODE page, and, unless the redirect back is
 * lost, land on the portal's return page. Returns the order id of the return page (or '' when the redirect was lost). */
export async function payThroughGateway(page: Page, options: GatewayPayOptions = {}): Promise<string> {
  const origin = portalOrigin(page);
  const dialog = options.dialog ?? page.getByRole('dialog', { name: /^Pay invoice INV-/ });
  const press = options.press ?? ((button: Locator) => button.click());
  await press(dialog.getByRole('button', { name: /^Pay ₹[\d,.]+ online$/ }), 'Pay online');

  // The whole page goes to the gateway's hosted checkout, on its own server.
  await expect(page).toHaveURL((url) => url.origin !== origin, { timeout: 30_000 });
  await expect(page.getByText('TEST MODE').first()).toBeVisible();
  if (options.loseRedirect) await page.getByLabel('Lose the redirect back').check();
  if (options.loseWebhook) await page.getByLabel('Lose the webhook').check();
  const answer = options.fail ? 'Fail' : 'Pay';
  await press(page.getByRole('button', { name: answer, exact: true }), `${answer} at the gateway`);
  if (options.loseRedirect) {
    // The browser stays at the gateway; the portal learns of the payment by the webhook or its re-query.
    await expect(page).toHaveURL((url) => url.origin !== origin);
    return '';
  }

  // Back at the portal: the return page names the order and waits for the server's verified answer.
  await expect(page).toHaveURL((url) => url.origin === origin && url.pathname.startsWith('/payments/return/'), {
    timeout: 15_000,
  });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** On the return page: the bank's answer believed, the payment received. */
export async function expectPaymentReceived(page: Page): Promise<void> {
  await expect(page.getByText(/^Payment received: ₹[\d,.]+ for invoice INV-\d{4}-\d{6}\./)).toBeVisible({
    timeout: 20_000,
  });
}

/** Pay an invoice from its open dialog and see the return page say it was received. */
export async function payAndConfirm(page: Page, options: GatewayPayOptions = {}): Promise<void> {
  await payThroughGateway(page, options);
  await expectPaymentReceived(page);
}
