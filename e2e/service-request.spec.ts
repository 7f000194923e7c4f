// A service request worked end to end: the entrepreneur raises a mortgage NOC on a plot in possession, naming the
// lender and the loan, and sees its fee; the zonal manager finds it in the queue, takes it up and approves it (billing
// the fee), and the entrepreneur pays the fee invoice and sees the request approved, paid and in effect, with its
// order to download.
import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin } from './support/api';
import { mainNav, signInAs, signOut } from './support/session';
import { payAndConfirm } from './support/gateway';

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();

test('an entrepreneur raises a request, an officer approves it, and the entrepreneur pays its fee', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const description = `Mortgage NOC for a term loan (${Date.now()})`;
  let requestNumber = '';
  // A mortgage NOC is asked for on an active allotment in possession (with no dues): one of the demo plots.
  const owner = await apiLogin(request, 'entrepreneur');
  const plots = await api<
    { allotment_number: string; application_id: string; application_number?: string; services_allowed: string[] }[]
  >(request, owner, 'get', '/api/allotments');
  const plot = plots.find((allotment) => allotment.services_allowed.includes('mortgage_noc'));
  expect(plot, 'a demo plot in possession on which a mortgage NOC may be asked for').toBeDefined();
  // A NOC needs no dues on the plot: the holder first pays what it owes (the yearly dues the running portal bills on
  // a plot in possession), as the sandbox lets a payment be made directly.
  const owed = await api<{ id: string; application_id: string; amount_due: number }[]>(
    request,
    owner,
    'get',
    `/api/invoices?application_id=${plot!.application_id}&status=pending,overdue`,
  );
  for (const invoice of owed) {
    await api(request, owner, 'post', '/api/payments', {
      invoice_id: invoice.id,
      application_id: invoice.application_id,
      amount: invoice.amount_due,
      payment_method: 'online',
    });
  }

  await test.step('the entrepreneur raises a mortgage NOC on a plot in possession and sees its fee', async () => {
    await signInAs(page, 'entrepreneur');
    await mainNav(page).getByRole('link', { name: 'Service Requests' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Service Requests' })).toBeVisible();
    await page.getByRole('button', { name: 'New Request' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Service Request' });
    await dialog.getByLabel('Request type').selectOption('mortgage_noc');
    await expect(dialog.getByText('Fee ₹5,900 (GST included)', { exact: false })).toBeVisible();
    const application = dialog.getByRole('combobox', { name: 'Application', exact: true });
    await application.selectOption({ label: plot!.application_number! });
    await dialog
      .getByRole('combobox', { name: 'Allotment', exact: true })
      .selectOption({ label: plot!.allotment_number });
    await dialog.getByLabel('Lender').fill('State Bank of India');
    await dialog.getByLabel('Loan amount in rupees').fill('2500000');
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toast(page, 'Service request submitted successfully')).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: description });
    await expect(row).toContainText('SUBMITTED');
    await expect(row).toContainText('₹5,900');
    requestNumber = (await row.getByRole('link').textContent())!.trim();
    expect(requestNumber).toMatch(/^SR-\d{4}-\d{6}$/);
    await signOut(page);
  });

  await test.step('the zonal manager finds it in the queue, takes it up and approves it', async () => {
    await signInAs(page, 'zonal_manager');
    await mainNav(page).getByRole('link', { name: 'Service Requests' }).click();
    await page.getByLabel('Search').fill(requestNumber);
    await page.getByRole('link', { name: requestNumber }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Service Request ${requestNumber}`);

    const decision = page.getByRole('region', { name: 'Move this request on' });
    await expect(decision.getByRole('button')).toHaveText(['Start Work', 'Reject Request']);
    await decision.getByRole('button', { name: 'Start Work' }).click();
    await expect(toast(page, 'Request taken up')).toBeVisible();

    await expect(decision.getByRole('button')).toHaveText(['Approve Request', 'Reject Request']);
    await expect(decision).toContainText('Approve Request bills the applicant a fee of ₹5,900');
    await decision.getByLabel('Remarks').fill('Bank letter verified; NOC approved');
    await decision.getByRole('button', { name: 'Approve Request' }).click();
    await expect(toast(page, 'Request approved')).toBeVisible();
    await expect(page.getByText('Approved. This decision is final.')).toBeVisible();
    await expect(decision).toBeHidden();
    const invoice = page.getByRole('region', { name: 'Fee invoice' });
    await expect(invoice).toContainText('₹5,900');
    await expect(invoice).toContainText('PENDING');
    await signOut(page);
  });

  await test.step('the entrepreneur pays the fee and sees the request approved, paid and in effect', async () => {
    await signInAs(page, 'entrepreneur');
    await mainNav(page).getByRole('link', { name: 'Service Requests' }).click();
    await page.getByLabel('Search').fill(requestNumber);
    await page.getByRole('link', { name: requestNumber }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Service Request ${requestNumber}`);
    await expect(page.getByText('Your request is approved. Pay the fee of ₹5,900 to complete it.')).toBeVisible();
    await expect(page.getByText('Bank letter verified; NOC approved')).toBeVisible();

    const invoice = page.getByRole('region', { name: 'Fee invoice' });
    const requestUrl = page.url();
    await invoice.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: /^Pay invoice INV-/ });
    // Out to the sandbox gateway, paid there, back at the return page, then to the request again.
    await expect(dialog).toContainText('₹5,900');
    await payAndConfirm(page, { dialog });
    await page.goto(requestUrl);
    await expect(invoice).toContainText('PAID');
    await expect(invoice.getByRole('button', { name: 'Pay Now' })).toBeHidden();
    // Paying the fee is what makes the NOC take effect; its order is then issued.
    await expect(
      page.getByText(/^Your request took effect on .+\. Its order can be downloaded below\.$/),
    ).toBeVisible();
    await expect(page.getByText('APPROVED', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Download order ${requestNumber}` })).toBeVisible();
  });
});
