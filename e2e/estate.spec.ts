// The allotment after possession, end to end: the demo entrepreneur opens My plots and asks for an extension of time
// on a milestone not yet met; head office takes the request up and approves it (billing its fee); the entrepreneur
// pays the fee; My plots then shows the milestone due twelve months later, and so does the officers' register; the
// extension order downloads with the new date and verifies on the public verify page.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { downloadPdf, verdictOf } from './support/pdf';
import { mainNav, signInAs, signOut } from './support/session';
import { payAndConfirm } from './support/gateway';

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();

/** The milestone's row on a plot's card, by its name. */
const milestoneRow = (plot: Locator, name: string) => plot.getByRole('listitem').filter({ hasText: name });

test('an allottee asks for an extension of time, head office approves it, and the paid fee moves the milestone', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const reason = `Monsoon flooding delayed the foundation work (${Date.now()})`;
  let plotName = '';
  let milestone = '';
  let allotmentNumber = '';
  let newDue = '';
  let requestNumber = '';

  await test.step('the entrepreneur opens My plots and asks for an extension of time on an unmet milestone', async () => {
    await signInAs(page, 'entrepreneur');
    await mainNav(page).getByRole('link', { name: 'My plots' }).click();
    await expect(page).toHaveURL('/allotments');
    await expect(page.getByRole('heading', { level: 1, name: 'My plots' })).toBeVisible();

    const extendable = page.getByRole('button', { name: /^Ask for extension of time: / });
    const plot = page.getByRole('region').filter({ has: extendable }).first();
    const ask = plot.getByRole('button', { name: /^Ask for extension of time: / }).first();
    await expect(ask).toBeVisible();
    milestone = (await ask.getAttribute('aria-label'))!.replace('Ask for extension of time: ', '');
    plotName = (await plot.getByRole('heading', { level: 2 }).textContent())!.trim();
    allotmentNumber = (await plot.getByText(/^ALT-\d{4}-\d{6}$/).textContent())!.trim();
    await expect(milestoneRow(plot, milestone)).toContainText('Extensions used: 0 of 2');

    await ask.click();
    const dialog = page.getByRole('dialog', { name: `Extension of time: ${milestone}` });
    const moves = await dialog.getByText(/^If the extension is granted, it moves 12 months, to /).textContent();
    newDue = moves!.replace(/^If the extension is granted, it moves 12 months, to /, '').replace(/\.$/, '');
    expect(newDue).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    await dialog.getByLabel('Reason for the extension').fill(reason);
    await dialog.getByRole('button', { name: 'Ask for Extension' }).click();
    await expect(toast(page, 'Request for extension of time sent')).toBeVisible();
    await expect(dialog).toBeHidden();
    // At once, without a reload: the card shows the request open and counted, and offers no second ask for it.
    const asked = milestoneRow(page.getByRole('region', { name: plotName }), milestone);
    await expect(asked).toContainText('Extensions used: 1 of 2');
    await expect(asked).toContainText(/Request SR-\d{4}-\d{6} is open \(Submitted\)/);
    await expect(asked.getByRole('button', { name: /^Ask for extension of time/ })).toHaveCount(0);

    // The request is in the entrepreneur's list, as an extension of time.
    await mainNav(page).getByRole('link', { name: 'Service Requests' }).click();
    const row = page.getByRole('row').filter({ hasText: reason });
    await expect(row).toContainText('SUBMITTED');
    requestNumber = (await row.getByRole('link').textContent())!.trim();
    expect(requestNumber).toMatch(/^SR-\d{4}-\d{6}$/);
    await signOut(page);
  });

  await test.step('head office takes the request up and approves it, billing its fee', async () => {
    await signInAs(page, 'ho');
    await mainNav(page).getByRole('link', { name: 'Service Requests' }).click();
    await page.getByLabel('Search').fill(requestNumber);
    await page.getByRole('link', { name: requestNumber }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Service Request ${requestNumber}`);
    const decision = page.getByRole('region', { name: 'Move this request on' });
    await decision.getByRole('button', { name: 'Start Work' }).click();
    await expect(toast(page, 'Request taken up')).toBeVisible();
    await decision.getByLabel('Remarks').fill('Flood reports verified; twelve months granted');
    await decision.getByRole('button', { name: 'Approve Request' }).click();
    await expect(toast(page, 'Request approved')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Fee invoice' })).toContainText('PENDING');
    await signOut(page);
  });

  await test.step('the entrepreneur pays the fee invoice', async () => {
    await signInAs(page, 'entrepreneur');
    await mainNav(page).getByRole('link', { name: 'Service Requests' }).click();
    await page.getByLabel('Search').fill(requestNumber);
    await page.getByRole('link', { name: requestNumber }).click();
    const invoice = page.getByRole('region', { name: 'Fee invoice' });
    const requestUrl = page.url();
    await invoice.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: /^Pay invoice INV-/ });
    // Out to the sandbox gateway, paid there, back at the return page, then to the request again.
    await payAndConfirm(page, { dialog });
    await page.goto(requestUrl);
    await expect(invoice).toContainText('PAID');
  });

  let orderCode = '';
  await test.step('the extension order downloads with the new due date', async () => {
    await expect(
      page.getByText(/^Your request took effect on .+\. Its order can be downloaded below\.$/),
    ).toBeVisible();
    const order = await downloadPdf(page, page.getByRole('button', { name: `Download order ${requestNumber}` }));
    expect(order.fileName).toBe(`order-${requestNumber}.pdf`);
    expect(order.text).toContain('Order of Extension of Time');
    expect(order.text).toContain(allotmentNumber);
    expect(order.text).toContain(requestNumber);
    expect(order.text).toContain(newDue);
    orderCode = order.code;
  });

  await test.step('the public verify page finds the extension order valid, with the new due date', async () => {
    const stranger = await page.context().browser()!.newPage();
    await stranger.goto(`/verify/${orderCode}`);
    await expect(verdictOf(stranger)).toHaveAttribute('data-status', 'valid');
    await expect(stranger.getByText('Extension of time order').first()).toBeVisible();
    await expect(stranger.getByText(newDue).first()).toBeVisible();
    await stranger.close();
  });

  await test.step('My plots shows the milestone due twelve months later, one extension used', async () => {
    await mainNav(page).getByRole('link', { name: 'My plots' }).click();
    const plot = page.getByRole('region', { name: plotName });
    const row = milestoneRow(plot, milestone);
    await expect(row).toContainText(`Due on ${newDue}`);
    await expect(row).toContainText('Extensions used: 1 of 2');
    await signOut(page);
  });

  await test.step("the officers' register shows the same date", async () => {
    await signInAs(page, 'ho');
    await mainNav(page).getByRole('link', { name: 'Allotments' }).click();
    await expect(page.getByRole('region', { name: 'Allotments at a glance' })).toBeVisible();
    await page.getByLabel('Search').fill(allotmentNumber);
    const row = page.getByRole('row').filter({ hasText: allotmentNumber });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(newDue);
  });
});
