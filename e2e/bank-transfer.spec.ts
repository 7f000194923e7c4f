/** Paying by bank transfer exactly as the screen says (product decisions section 13): an invoice with paise (an EMD of
 * ₹6,131.60, a tenth of a plot valued at ₹61,316) gets a challan whose "Amount to transfer" is to the paisa; the payer
 * sends exactly that, finance imports the bank's statement, and the credit is matched and the invoice paid. The import
 * report shows each amount as the bank wrote it, a bank charge of ₹17.70 included. */
import { expect, test } from '@playwright/test';
import { api, apiLogin, PDF } from './support/api';
import { ENTREPRENEUR_PASSWORD, registerEntrepreneur } from './support/estate';
import { signIn, signInAs, signOut } from './support/session';
import { navigateInApp } from './support/navigate';

const VALUATION = 61_316;
const EMD = '₹6,131.60';

/** Today as the bank's statement writes it (dd/mm/yyyy), in India. */
const bankToday = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

test('an invoice with paise is paid by challan with exactly the amount the screen says, and matched', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString().slice(-8);
  const payer = await registerEntrepreneur(request, 'Paisa Exact', `Paisa Exact Works ${run}`);

  const application =
    await test.step('an application for a plot valued at ₹61,316 is billed an EMD of ₹6,131.60', async () => {
      const ho = await apiLogin(request, 'ho');
      // A plot of its own, so no other journey applies for it.
      const [some] = await api<{ zone: string; location: string }[]>(
        request,
        ho,
        'get',
        '/api/assets/available?limit=1',
      );
      const asset = await api<{ id: string }>(request, ho, 'post', '/api/assets', {
        asset_code: `PAISA-${run}`,
        category_id: 'industrial',
        type: 'plot',
        zone: some!.zone,
        location: some!.location,
        survey_number: `${run}/7`,
        plot_number: `P-${run}`,
        total_area: 500,
        available_area: 500,
        unit: 'sqm',
        valuation: VALUATION,
      });
      const created = await api<{ id: string; application_number: string }>(
        request,
        payer.headers,
        'post',
        '/api/applications',
        {
          asset_id: asset.id,
          application_type: 'new',
          project_description: 'Paid to the paisa by bank transfer',
          estimated_investment: 2_500_000,
          employment_generation: 6,
        },
      );
      for (const type of ['dpr', 'pan_card', 'bank_proof']) {
        const upload = await request.post(`/api/applications/${created.id}/documents`, {
          headers: payer.headers,
          multipart: {
            document_type: type,
            file: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: PDF(type) },
          },
        });
        expect(upload.status(), await upload.text()).toBe(201);
      }
      await api(request, payer.headers, 'post', `/api/applications/${created.id}/submit`);
      const invoices = await api<{ invoice_number: string; invoice_type: string; amount: number }[]>(
        request,
        payer.headers,
        'get',
        `/api/invoices?application_id=${created.id}`,
      );
      const emd = invoices.find((invoice) => invoice.invoice_type === 'emd')!;
      expect(emd.amount).toBe(6131.6);
      return { id: created.id, emd: emd.invoice_number };
    });

  const { challan, amount } = await test.step('the challan asks exactly ₹6,131.60', async () => {
    await signIn(page, payer.email, ENTREPRENEUR_PASSWORD);
    await page.goto(`/applications/${application.id}`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const invoices = page.getByRole('table', { name: 'Invoices for this application' });
    await expect(invoices.getByRole('row').filter({ hasText: application.emd })).toContainText(EMD);
    await invoices.getByRole('button', { name: `Pay Now ${application.emd}` }).click();
    const dialog = page.getByRole('dialog', { name: `Pay invoice ${application.emd}` });
    const transfer = dialog.getByRole('region', { name: 'Pay by bank transfer (NEFT/RTGS)' });
    await transfer
      .getByRole('button', { name: `Get a challan to pay invoice ${application.emd} by bank transfer` })
      .click();
    const number = (await transfer.getByText(/^CHL-\d{4}-\d{6}$/).textContent())!;
    const shown = (await transfer
      .getByText('Amount to transfer')
      .locator('xpath=following-sibling::dd[1]')
      .textContent())!;
    expect(shown).toBe(EMD);
    await expect(transfer).toContainText('Transfer exactly this amount');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await signOut(page);
    // The payer types what the screen says into the bank's form: the figures without the rupee sign.
    return { challan: number, amount: shown.replace(/^₹/, '') };
  });

  await test.step('finance imports the statement: the transfer is matched, the bank charge shown to the paisa', async () => {
    const utr = `PAISA${run}`;
    const file = `statement-paisa-${run}.csv`;
    const csv = [
      'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      `${bankToday()},${bankToday()},"NEFT-${utr}-PAISA EXACT WORKS-${challan}",${utr},,"${amount}","${amount}"`,
      `${bankToday()},${bankToday()},"NEFT CHARGES",CHG${run},"17.70",,"6,113.90"`,
    ].join('\n');
    await signInAs(page, 'finance');
    await navigateInApp(page, '/finance/bank-statements');
    await page
      .getByLabel('Statement file (CSV)', { exact: true })
      .setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import statement', exact: true }).click();
    const report = page.getByRole('region', { name: `Report of ${file}` });
    await expect(report).toBeVisible({ timeout: 20_000 });
    const figure = (label: string) =>
      report.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(figure('Matched')).toHaveText(`1 (${EMD})`);
    await expect(figure('Unmatched')).toHaveText('0 (₹0)');
    const lines = report.getByRole('table', { name: 'What became of each line of the statement' });
    const paid = lines.getByRole('row').filter({ hasText: utr });
    await expect(paid).toContainText(EMD);
    await expect(paid).toContainText(`Paid invoice ${application.emd}`);
    await expect(lines.getByRole('row').filter({ hasText: `CHG${run}` })).toContainText('₹17.70');
  });

  await test.step('the payer sees the invoice paid', async () => {
    await signOut(page);
    await signIn(page, payer.email, ENTREPRENEUR_PASSWORD);
    await page.goto(`/applications/${application.id}`);
    await page.getByRole('tab', { name: 'Payments' }).click();
    const row = page
      .getByRole('table', { name: 'Invoices for this application' })
      .getByRole('row')
      .filter({ hasText: application.emd });
    await expect(row.getByText(/^Paid on /)).toBeVisible();
    await expect(row).toContainText(EMD);
  });
});
