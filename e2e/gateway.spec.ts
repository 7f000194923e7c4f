/** Paying through the payment gateway (decision 016), with the sandbox gateway as a separate server speaking the real
 * protocol: the applicant is sent out to the gateway's TEST MODE page, pays, and comes back; the portal believes only
 * the gateway's signed answers. Three ways the answer reaches the portal: the signed redirect back, the webhook when
 * the redirect is lost, and the re-query job when both are lost (global setup has it re-query every 2 s). Each test
 * also reads which answer settled the order, so a broken webhook is not hidden by the re-query. A failure the bank's
 * page reports is the browser's word (decision 019): the portal marks the order failed only once the gateway says so,
 * and the return page goes back to where the payment started. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiLogin, submitCase, type Headers } from './support/api';
import { expectPaymentReceived, payThroughGateway } from './support/gateway';
import { signInAs } from './support/session';

/** What the tests read of a gateway order (the contract's gatewayOrderSchema). */
interface GatewayOrder {
  id: string;
  invoice_number: string;
  status: 'created' | 'paid' | 'failed' | 'mismatch';
  settled_via: 'redirect' | 'webhook' | 'requery' | null;
  test_mode: boolean;
}

/** The application's invoices table, on its Payments tab. */
async function openPayments(page: Page, applicationId: string) {
  await page.goto(`/applications/${applicationId}`);
  await page.getByRole('tab', { name: 'Payments' }).click();
  return page.getByRole('table', { name: 'Invoices for this application' });
}

/** Opens the pay dialog of the application's first unpaid invoice; answers the dialog and the invoice number. */
async function openPayDialog(page: Page, applicationId: string) {
  const invoices = await openPayments(page, applicationId);
  const payNow = invoices.getByRole('button', { name: /^Pay Now INV-/ }).first();
  const number = (await payNow.getAttribute('aria-label'))!.replace(/^Pay Now /, '');
  await payNow.click();
  const dialog = page.getByRole('dialog', { name: `Pay invoice ${number}` });
  await expect(dialog).toBeVisible();
  return { dialog, number };
}

/** The invoice's row shows it paid (reloading the tab until the portal has the gateway's answer). */
async function expectInvoicePaid(page: Page, applicationId: string, number: string, timeout = 20_000) {
  await expect(async () => {
    const invoices = await openPayments(page, applicationId);
    const row = invoices.getByRole('row').filter({ hasText: number });
    await expect(row.getByText(/^Paid on /)).toBeVisible({ timeout: 2_000 });
    await expect(row.getByRole('button', { name: `Pay Now ${number}` })).toHaveCount(0);
  }).toPass({ timeout });
}

/** The gateway orders of one invoice, as the portal recorded them. */
async function ordersOf(request: APIRequestContext, owner: Headers, invoiceNumber: string): Promise<GatewayOrder[]> {
  const orders = await api<GatewayOrder[]>(
    request,
    owner,
    'get',
    `/api/payments/orders?q=${encodeURIComponent(invoiceNumber)}`,
  );
  return orders.filter((order) => order.invoice_number === invoiceNumber);
}

async function newCase(request: APIRequestContext, owner: Headers, assetFromEnd: number, description: string) {
  return submitCase(request, owner, { assetFromEnd, description, investment: 3_100_000, jobs: 9 });
}

test('an entrepreneur pays an invoice at the gateway and comes back to see it paid', async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await apiLogin(request, 'entrepreneur');
  const application = await newCase(request, owner, 15, 'Gateway: paid and redirected back');
  await signInAs(page, 'entrepreneur');

  const { dialog, number } = await test.step('Pay Now opens the dialog naming the invoice and its amount', async () => {
    const opened = await openPayDialog(page, application.id);
    await expect(opened.dialog).toContainText(opened.number);
    await expect(opened.dialog).toContainText(/To pay today\s*₹[\d,]+(\.\d\d)?/);
    await expect(opened.dialog).toContainText("You will be taken to the bank's secure payment page");
    return opened;
  });

  const orderId = await test.step('Pay online: out to the sandbox gateway (TEST MODE), pay, and back', async () =>
    payThroughGateway(page, { dialog }));

  await test.step('the return page says the payment was received', async () => {
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    await expectPaymentReceived(page);
    await expect(page.getByText(number).first()).toBeVisible();
  });

  await test.step('back to the application the payment started from: the invoice paid, with its receipt', async () => {
    await page.getByRole('link', { name: 'Back to the application' }).click();
    await expect(page).toHaveURL(new RegExp(`/applications/${application.id}`));
    await expectInvoicePaid(page, application.id, number);
    const history = page.getByRole('table', { name: 'Payments made for this application' });
    await expect(history.getByText(/^RCP-\d{4}-\d{6}$/)).toHaveCount(1);
    const order = await api<GatewayOrder>(request, owner, 'get', `/api/payments/orders/${orderId}`);
    expect(order.status).toBe('paid');
    expect(order.test_mode).toBe(true);
  });
});

test('with the redirect back lost, the webhook settles the payment', async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await apiLogin(request, 'entrepreneur');
  const application = await newCase(request, owner, 16, 'Gateway: redirect lost');
  await signInAs(page, 'entrepreneur');

  const { dialog, number } = await test.step('Pay Now opens the dialog', async () =>
    openPayDialog(page, application.id));

  await test.step('at the sandbox, "Lose the redirect back" ticked, pay: the browser stays at the gateway', async () => {
    await payThroughGateway(page, { dialog, loseRedirect: true });
  });

  await test.step('the application shows the invoice paid', async () => {
    // On a loaded machine the webhook's delivery and the pages' reloads take their time; which answer settled the
    // order is checked below, so a longer wait cannot hide a broken webhook behind the re-query.
    await expectInvoicePaid(page, application.id, number, 40_000);
  });

  await test.step('the webhook, not the re-query, settled it', async () => {
    const [order] = await ordersOf(request, owner, number);
    expect(order?.status).toBe('paid');
    expect(order?.settled_via).toBe('webhook');
  });
});

test('with both the redirect back and the webhook lost, the re-query job settles the payment', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await apiLogin(request, 'entrepreneur');
  const application = await newCase(request, owner, 17, 'Gateway: redirect and webhook lost');
  await signInAs(page, 'entrepreneur');

  const { dialog, number } = await test.step('Pay Now opens the dialog', async () =>
    openPayDialog(page, application.id));

  await test.step('at the sandbox, both losses ticked, pay', async () => {
    await payThroughGateway(page, { dialog, loseRedirect: true, loseWebhook: true });
  });

  await test.step('the application shows the invoice paid once the re-query has asked the gateway', async () => {
    await expectInvoicePaid(page, application.id, number, 40_000);
  });

  await test.step('the re-query settled it, and one payment was recorded', async () => {
    const [order] = await ordersOf(request, owner, number);
    expect(order?.status).toBe('paid');
    expect(order?.settled_via).toBe('requery');
    const history = page.getByRole('table', { name: 'Payments made for this application' });
    await expect(history.getByText(/^RCP-\d{4}-\d{6}$/)).toHaveCount(1);
  });
});

test("a failure the bank's page reports, its webhook lost, is failed only once the gateway confirms it", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await apiLogin(request, 'entrepreneur');
  const application = await newCase(request, owner, 11, 'Gateway: failed, webhook lost');
  await signInAs(page, 'entrepreneur');

  const { dialog, number } = await test.step('Pay Now opens the dialog', async () =>
    openPayDialog(page, application.id));

  const orderId = await test.step('at the sandbox, "Lose the webhook" ticked, Fail: back with the error', async () =>
    payThroughGateway(page, { dialog, loseWebhook: true, fail: true }));

  await test.step('the return page carries the origin and what the browser said', async () => {
    const url = new URL(page.url());
    expect(url.searchParams.get('said')).toBe('failed');
    expect(url.searchParams.get('from')).toBe('applicationDetail');
    expect(url.searchParams.get('from_id')).toBe(application.id);
  });

  await test.step('once the re-query has asked the gateway, the page says it did not go through', async () => {
    await expect(page.getByText(/did not go through\. Nothing was charged/)).toBeVisible({ timeout: 20_000 });
    const [order] = await ordersOf(request, owner, number);
    expect(order?.id).toBe(orderId);
    expect(order?.status).toBe('failed');
  });

  await test.step('back to the application, the invoice still to pay', async () => {
    await page.getByRole('link', { name: 'Back to the application' }).click();
    const invoices = await openPayments(page, application.id);
    await expect(invoices.getByRole('button', { name: `Pay Now ${number}` })).toBeVisible();
  });
});
