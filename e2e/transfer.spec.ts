// A plot changes hands: an allottee in possession asks on My plots to transfer it to another entrepreneur, who
// accepts the offer on their own My plots; head office approves; the holder pays the transfer fee. The new holder then
// holds the plot with its services and its history, the previous holder keeps it read-only up to the transfer, and
// the allotment letter issued before the transfer reads superseded on the public verify page.
//
// Both entrepreneurs are registered here and the plot is taken to possession through the API, so no other spec's
// demo plots change hands.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiLogin, submitCase, type Headers } from './support/api';
import { downloadPdf, verdictOf } from './support/pdf';
import { mainNav, signIn, signInAs, signOut, uniqueEmail } from './support/session';

const PASSWORD = 'Copper-Monsoon-Harbour-7';
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();
const today = () => new Date().toISOString().slice(0, 10);

/** A PAN no other test uses: five letters, four digits, a letter. */
function uniquePan(): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `${letter()}${letter()}${letter()}P${letter()}${digits}${letter()}`;
}

/** Registers an entrepreneur with a profile; answers their email and token. */
async function entrepreneur(
  request: APIRequestContext,
  fullName: string,
  organisation: string,
): Promise<{ email: string; headers: Headers }> {
  const email = uniqueEmail('transfer');
  const registered = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, full_name: fullName },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/auth/login', { form: { username: email, password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  await api(request, headers, 'post', '/api/applicants', {
    organization_name: organisation,
    pan_number: uniquePan(),
    category: 'general',
    constitution: 'private_limited',
    address: '14 Industrial Area Road',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500032',
    bank_name: 'State Bank of India',
    bank_account: '30123456789',
    bank_ifsc: 'SBIN0001234',
  });
  return { email, headers };
}

test('a plot is transferred: offered, accepted, approved and paid; the new holder holds it, the old letter is superseded', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = await entrepreneur(request, 'Anil Reddy', `Reddy Castings ${Date.now()}`);
  const buyer = await entrepreneur(request, 'Meena Iyer', `Iyer Polymers ${Date.now()}`);
  const [zonal, committee, ho] = await Promise.all([
    apiLogin(request, 'zonal_manager'),
    apiLogin(request, 'committee'),
    apiLogin(request, 'ho'),
  ]);

  const plot = await test.step('the seller is given possession of a plot (through the API)', async () => {
    const application = await submitCase(request, seller.headers, {
      assetFromEnd: 7,
      description: 'Aluminium die casting (transfer e2e)',
      investment: 12_000_000,
      jobs: 25,
    });
    const { id } = application;
    const move = (headers: Headers, status: string) =>
      api(request, headers, 'put', `/api/applications/${id}/status`, {
        status,
        current_stage: status[0]!.toUpperCase() + status.slice(1).replace(/_/g, ' '),
      });
    await move(zonal, 'under_scrutiny');
    const documents = await api<{ id: string }[]>(request, zonal, 'get', `/api/applications/${id}/documents`);
    for (const document of documents) {
      await api(request, zonal, 'put', `/api/applications/${id}/documents/${document.id}/verify?verified=true`);
    }
    await move(zonal, 'pending_committee');
    await move(committee, 'approved');
    await move(ho, 'pending_payment');
    const payAll = async () => {
      const invoices = await api<{ id: string; amount: number; status: string }[]>(
        request,
        seller.headers,
        'get',
        `/api/invoices?application_id=${id}`,
      );
      for (const invoice of invoices.filter((item) => item.status !== 'paid')) {
        await api(request, seller.headers, 'post', '/api/payments', {
          invoice_id: invoice.id,
          application_id: id,
          amount: invoice.amount,
          payment_method: 'online',
        });
      }
    };
    await payAll();
    const allotment = await api<{ id: string; allotment_number: string }>(request, ho, 'post', '/api/allotments', {
      application_id: id,
      asset_id: application.asset_id,
      allotment_type: 'provisional',
      allotment_date: today(),
    });
    const upload = await request.post(`/api/allotments/${allotment.id}/lease-deed`, {
      headers: seller.headers,
      multipart: {
        file: { name: 'lease-deed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await api(request, zonal, 'put', `/api/allotments/${allotment.id}/lease-deed/verify`, {
      verification_status: 'approved',
      remarks: 'In order',
    });
    await api(request, zonal, 'post', `/api/allotments/${allotment.id}/possession`, {
      possession_date: today(),
      area_verified: 100,
      boundary_marked: true,
    });
    // Nothing left unpaid: a holder with dues may not transfer.
    await payAll();
    const described = await api<{ asset_code: string }>(
      request,
      seller.headers,
      'get',
      `/api/allotments/${allotment.id}`,
    );
    return { applicationId: id, allotmentNumber: allotment.allotment_number, assetCode: described.asset_code };
  });
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
    await offers.getByRole('button', { name: `Accept the transfer of plot ${plot.assetCode}` }).click();
    const confirm = page.getByRole('dialog', { name: `Accept the transfer of plot ${plot.assetCode}` });
    await expect(confirm).toContainText('The transfer fee is ₹');
    await confirm.getByRole('button', { name: 'Accept Transfer' }).click();
    await expect(toast(page, `Transfer of plot ${plot.assetCode} accepted`)).toBeVisible();
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
    await invoice.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: /^Pay invoice INV-/ });
    await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(toast(page, 'Payment successful')).toBeVisible();
    await expect(
      page.getByText(/^Your request took effect on .+\. Its order can be downloaded below\.$/),
    ).toBeVisible();
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
  });
});
