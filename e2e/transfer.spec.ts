// A plot changes hands: an allottee in possession asks on My plots to transfer it to another entrepreneur, who
// accepts the offer on their own My plots; head office approves; the holder pays the transfer fee. The new holder then
// holds the plot with its services and its history, the previous holder keeps it read-only up to the transfer, and
// the allotment letter issued before the transfer reads superseded on the public verify page.
//
// Both entrepreneurs are registered here and the plot is taken to possession through the API, so no other spec's
// demo plots change hands.
import { expect, test, type Page } from '@playwright/test';
import { ENTREPRENEUR_PASSWORD as PASSWORD, plotInPossession, registerEntrepreneur } from './support/estate';
import { downloadPdf, verdictOf } from './support/pdf';
import { mainNav, signIn, signInAs, signOut } from './support/session';
import { payAndConfirm } from './support/gateway';

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();

test('a plot is transferred: offered, accepted, approved and paid; the new holder holds it, the old letter is superseded', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const sellerFirm = `Reddy Castings ${Date.now()}`;
  const seller = await registerEntrepreneur(request, 'Anil Reddy', sellerFirm);
  const buyerFirm = `Iyer Polymers ${Date.now()}`;
  const buyer = await registerEntrepreneur(request, 'Meena Iyer', buyerFirm);

  const plot = await test.step('the seller is given possession of a plot, with nothing unpaid (through the API)', () =>
    plotInPossession(request, seller, { assetFromEnd: 9, description: 'Aluminium die casting (transfer e2e)' }));
  const plotRegion = (current: Page) => current.getByRole('region', { name: `Plot ${plot.assetCode}` });

  const letterCode = await test.step('the seller downloads the allotment letter before the transfer', async () => {
    await signIn(page, seller.email, PASSWORD);
    await page.goto(`/applications/${plot.applicationId}`);
    await page.getByRole('tab', { name: 'Allotment & Possession' }).click();
    const letter = await downloadPdf(
      page,
      page.getByRole('button', { name: `Download PDF: allotment letter ${plot.allotmentNumber}` }),
    );
    expect(letter.text).toContain(plot.allotmentNumber);
    return letter.code;
  });

  let requestNumber = '';
  let transferOrderNumber = '';
  await test.step("the seller asks on My plots to transfer the plot to the buyer's email", async () => {
    await mainNav(page).getByRole('link', { name: 'My plots' }).click();
    const card = plotRegion(page);
    await card.getByRole('button', { name: 'Transfer plot' }).click();
    const dialog = page.getByRole('dialog', { name: `Transfer plot ${plot.assetCode}` });
    await dialog.getByLabel('Email of the person taking over the plot').fill(buyer.email);
    await dialog.getByLabel('Reason for the transfer').fill('The unit is sold to Iyer Polymers as a going concern');
    await dialog.getByRole('button', { name: 'Ask for Transfer' }).click();
    await expect(toast(page, 'Request to transfer the plot sent')).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Service Requests' }).click();
    const row = page.getByRole('row').filter({ hasText: 'going concern' });
    requestNumber = (await row.getByRole('link').textContent())!.trim();
    expect(requestNumber).toMatch(/^SR-\d{4}-\d{6}$/);
    await signOut(page);
  });

  const openRequest = async () => {
    await mainNav(page).getByRole('link', { name: 'Service Requests' }).click();
    await page.getByLabel('Search').fill(requestNumber);
    await page.getByRole('link', { name: requestNumber }).click();
    return page.getByRole('region', { name: 'Move this request on' });
  };

  await test.step('head office takes the transfer up; approving it before the buyer accepts is refused', async () => {
    await signInAs(page, 'ho');
    const decision = await openRequest();
    await decision.getByRole('button', { name: 'Start Work' }).click();
    await expect(toast(page, 'Request taken up')).toBeVisible();
    await decision.getByLabel('Remarks').fill('Sale deed and no-dues verified');
    await decision.getByRole('button', { name: 'Approve Request' }).click();
    await expect(page.getByText('The person named has not accepted the transfer yet.').first()).toBeVisible();
    await signOut(page);
  });

  await test.step('the buyer sees the offer on My plots and accepts it', async () => {
    await signIn(page, buyer.email, PASSWORD);
    await mainNav(page).getByRole('link', { name: 'My plots' }).click();
    const offers = page.getByRole('region', { name: 'Transfers offered to you' });
    await expect(offers).toContainText(requestNumber);
    await expect(offers).toContainText(sellerFirm);
    await offers.getByRole('button', { name: `Accept the transfer of plot ${plot.assetCode}` }).click();
    const confirm = page.getByRole('dialog', { name: `Accept the transfer of plot ${plot.assetCode}` });
    await expect(confirm).toContainText('The transfer fee is ₹');
    await confirm.getByRole('button', { name: 'Accept Transfer' }).click();
    await expect(toast(page, `Transfer of plot ${plot.assetCode} accepted`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(offers).toContainText(/You accepted on .+\. The transfer takes effect when an officer approves it/);
    await expect(offers.getByRole('button', { name: `Accept the transfer of plot ${plot.assetCode}` })).toHaveCount(0);
    await signOut(page);
  });

  await test.step('head office approves the accepted transfer, billing its fee', async () => {
    await signInAs(page, 'ho');
    const decision = await openRequest();
    await decision.getByLabel('Remarks').fill('Sale deed and no-dues verified; accepted by the transferee');
    await decision.getByRole('button', { name: 'Approve Request' }).click();
    await expect(toast(page, 'Request approved')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Fee invoice' })).toContainText('PENDING');
    await signOut(page);
  });

  await test.step('the seller pays the transfer fee and the transfer takes effect', async () => {
    await signIn(page, seller.email, PASSWORD);
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
    await expect(
      page.getByText(/^Your request took effect on .+\. Its order can be downloaded below\.$/),
    ).toBeVisible();
    const order = await downloadPdf(page, page.getByRole('button', { name: `Download order ${requestNumber}` }));
    expect(order.text).toContain(plot.allotmentNumber);
    expect(order.text).toContain('Order of Transfer of Allotment');
    expect(order.text).toContain(`The allotment held by ${sellerFirm} is transferred to ${buyerFirm}`);
    transferOrderNumber = /ORD-\d{4}-\d{6}/.exec(order.text)?.[0] ?? '';
    expect(transferOrderNumber, order.text).not.toBe('');
  });

  await test.step('the seller keeps the plot read-only: transferred, no services, its history', async () => {
    await mainNav(page).getByRole('link', { name: 'My plots' }).click();
    const card = plotRegion(page);
    await expect(card).toContainText('You held this plot until it was transferred on');
    await expect(card.getByRole('button', { name: 'Transfer plot' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Ask for extension of time/ })).toHaveCount(0);
    await card.getByRole('button', { name: 'Show history' }).click();
    await expect(card.getByRole('list', { name: `History of plot ${plot.assetCode}` })).toContainText(
      'Allotment transferred',
    );
    await signOut(page);
  });

  await test.step('the buyer holds the plot with its services and its history', async () => {
    await signIn(page, buyer.email, PASSWORD);
    await mainNav(page).getByRole('link', { name: 'My plots' }).click();
    const card = plotRegion(page);
    await expect(card).toContainText(plot.allotmentNumber);
    await expect(card.getByRole('button', { name: 'Transfer plot' })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Ask for extension of time/ }).first()).toBeVisible();
    await card.getByRole('button', { name: 'Show history' }).click();
    const history = card.getByRole('list', { name: `History of plot ${plot.assetCode}` });
    await expect(history).toContainText('Allotment transferred');
    await expect(history).toContainText('Possession');
  });

  await test.step('the letter issued before the transfer reads superseded on the verify page', async () => {
    await page.goto(`/verify/${letterCode}`);
    await expect(verdictOf(page)).toHaveAttribute('data-status', 'superseded');
    await expect(verdictOf(page)).toContainText(`replaced by the transfer order ${transferOrderNumber}`);
  });
});
