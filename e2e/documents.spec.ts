// Issued documents in the browser: the applicant downloads the acknowledgment, a receipt, the provisional and final
// allotment letters and the possession certificate as PDFs whose text (read here) holds the number, the holder, the
// amount in words and the verification code; the public verify page says valid for the current letter and
// superseded for the provisional one after the final, and a tampered copy dropped on it does not match.
import { expect, test } from '@playwright/test';
import { api, apiLogin, PDF, submitCase, type Headers } from './support/api';
import { downloadPdf, verdictOf } from './support/pdf';
import { signInAs } from './support/session';
import { expectNoViolations } from './support/axe';
import { navigateInApp } from './support/navigate';

test('the issued PDFs download, read right, and verify publicly', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const owner = await apiLogin(request, 'entrepreneur');
  const zonal = await apiLogin(request, 'zonal_manager');
  const committee = await apiLogin(request, 'committee');
  const ho = await apiLogin(request, 'ho');
  const profile = await api<{ organization_name: string }>(request, owner, 'get', '/api/applicants/me');
  const holder = profile.organization_name;

  // The case, driven through the API to a provisional allotment (the officer workflow spec walks it in the UI).
  const application = await submitCase(request, owner, {
    assetFromEnd: 3,
    description: 'Precision castings (documents e2e)',
    investment: 10_500_000,
    jobs: 30,
  });
  const { id, application_number: number } = application;
  // The stage is the status's own words, as Update Status offers them ('Under scrutiny'), so the server keeps its code.
  const stageOf = (status: string) => status[0]!.toUpperCase() + status.slice(1).replace(/_/g, ' ');
  const move = (headers: Headers, status: string) =>
    api(request, headers, 'put', `/api/applications/${id}/status`, { status, current_stage: stageOf(status) });
  await move(zonal, 'under_scrutiny');
  const documents = await api<{ id: string }[]>(request, zonal, 'get', `/api/applications/${id}/documents`);
  for (const document of documents) {
    await api(request, zonal, 'put', `/api/applications/${id}/documents/${document.id}/verify?verified=true`);
  }
  await move(zonal, 'pending_committee');
  await move(committee, 'approved');
  await move(ho, 'pending_payment');
  const invoices = await api<{ id: string; amount: number; status: string; invoice_type: string }[]>(
    request,
    owner,
    'get',
    `/api/invoices?application_id=${id}`,
  );
  for (const invoice of invoices.filter((item) => item.status !== 'paid')) {
    await api(request, owner, 'post', '/api/payments', {
      invoice_id: invoice.id,
      application_id: id,
      amount: invoice.amount,
      payment_method: 'online',
      transaction_reference: `DOCS-${invoice.id.slice(0, 8)}`,
    });
  }
  const payments = await api<{ receipt_number: string; amount: number }[]>(
    request,
    owner,
    'get',
    `/api/payments?application_id=${id}&sort=payment_date`,
  );
  const allotment = await api<{ id: string; allotment_number: string }>(request, ho, 'post', '/api/allotments', {
    application_id: id,
    asset_id: application.asset_id,
    allotment_type: 'provisional',
    allotment_date: new Date().toISOString().slice(0, 10),
  });

  await signInAs(page, 'entrepreneur');
  await navigateInApp(page, `/applications/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();

  await test.step('the acknowledgment holds the number, holder, investment in words and its code', async () => {
    const acknowledgment = await downloadPdf(
      page,
      page.getByRole('button', { name: `Acknowledgment PDF: application ${number}` }),
    );
    expect(acknowledgment.fileName).toBe(`acknowledgment-${number}.pdf`);
    expect(acknowledgment.text).toContain('Acknowledgment of Application');
    expect(acknowledgment.text).toContain(number);
    expect(acknowledgment.text).toContain(holder);
    expect(acknowledgment.text).toContain('Rupees One Crore Five Lakh Only');
    expect(acknowledgment.text).toContain('GSTIN:');
  });

  await test.step('a receipt holds its number, the holder, the amount in words and its code', async () => {
    await page.getByRole('tab', { name: 'Payments' }).click();
    const first = payments[0]!;
    const receipt = await downloadPdf(
      page,
      page.getByRole('button', { name: `Download PDF: receipt ${first.receipt_number}` }),
    );
    expect(receipt.text).toContain('Payment Receipt');
    expect(receipt.text).toContain(first.receipt_number);
    expect(receipt.text).toContain(holder);
    expect(receipt.text).toMatch(/Amount in words Rupees [A-Za-z ]+ Only/);
  });

  const provisional = await test.step('the provisional letter downloads and verifies as valid', async () => {
    await page.getByRole('tab', { name: 'Allotment & Possession' }).click();
    const letter = await downloadPdf(
      page,
      page.getByRole('button', { name: `Download PDF: allotment letter ${allotment.allotment_number}` }),
    );
    expect(letter.text).toContain('Provisional Allotment Letter');
    expect(letter.text).toContain(allotment.allotment_number);
    expect(letter.text).toContain(holder);
    expect(letter.text).toMatch(/\(Rupees [A-Za-z ]+ Only\)/);

    // The QR code's page, opened by someone who is not signed in.
    const stranger = await browser.newPage();
    await stranger.goto(`/verify/${letter.code}`);
    await expect(verdictOf(stranger)).toHaveAttribute('data-status', 'valid');
    await expect(verdictOf(stranger)).toContainText('Valid');
    await expect(stranger.getByText(holder)).toBeVisible();
    await stranger.close();
    return letter;
  });

  const final = await test.step('once the lease deed is approved the final letter downloads', async () => {
    const upload = await request.post(`/api/allotments/${allotment.id}/lease-deed`, {
      headers: owner,
      multipart: { file: { name: 'lease-deed.pdf', mimeType: 'application/pdf', buffer: PDF('deed') } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await api(request, zonal, 'put', `/api/allotments/${allotment.id}/lease-deed/verify`, {
      verification_status: 'approved',
    });
    await page.reload();
    await page.getByRole('tab', { name: 'Allotment & Possession' }).click();
    const letter = await downloadPdf(
      page,
      page.getByRole('button', { name: `Download PDF: allotment letter ${allotment.allotment_number}` }),
    );
    expect(letter.text).toContain('Final Allotment Letter');
    expect(letter.code).not.toBe(provisional.code);
    return letter;
  });

  await test.step('the possession certificate holds the area handed over in the asset unit', async () => {
    const asset = await api<{ total_area: number; unit: 'sqm' | 'sqft' | 'acres' }>(
      request,
      owner,
      'get',
      `/api/assets/${application.asset_id}`,
    );
    // Less than the asset's whole area, as a part handed over is.
    const handedOver = Math.min(1.5, asset.total_area);
    const recorded = await api<{ certificate_number: string }>(
      request,
      zonal,
      'post',
      `/api/allotments/${allotment.id}/possession`,
      { possession_date: new Date().toISOString().slice(0, 10), area_verified: handedOver, boundary_marked: true },
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Allotment & Possession' }).click();
    const certificate = await downloadPdf(
      page,
      page.getByRole('button', { name: `Download PDF: possession certificate ${recorded.certificate_number}` }),
    );
    expect(certificate.text).toContain('Possession Certificate');
    expect(certificate.text).toContain(recorded.certificate_number);
    expect(certificate.text).toContain(holder);
    const unit = { sqm: 'sq m', sqft: 'sq ft', acres: 'acres' }[asset.unit];
    expect(certificate.text).toContain(`Area handed over (${unit}) ${handedOver}`);
    expect(certificate.text).toContain(`Total area of the asset (${unit})`);
  });

  await test.step('the provisional letter now reads superseded by the final one', async () => {
    await page.goto(`/verify/${provisional.code}`);
    await expect(verdictOf(page)).toHaveAttribute('data-status', 'superseded');
    await expect(verdictOf(page)).toContainText(`replaced by the final allotment letter ${allotment.allotment_number}`);
  });

  await test.step('on the final letter’s page the issued copy matches and is genuine, and a tampered copy is neither', async () => {
    await page.goto(`/verify/${final.code}`);
    await expect(verdictOf(page)).toHaveAttribute('data-status', 'valid');
    const tampered = Buffer.from(final.bytes);
    tampered[Math.floor(tampered.length / 2)]! ^= 0x01;
    // Dropped on the page, as a person drags the file from their folder.
    const dataTransfer = await page.evaluateHandle(
      ({ bytes, name }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
        return transfer;
      },
      { bytes: [...tampered], name: 'tampered.pdf' },
    );
    await page.getByTestId('file-drop-zone').dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText('Does not match: tampered.pdf is not the document issued.')).toBeVisible();
    // The portal checks its signature too: the changed byte breaks it.
    await expect(page.getByText('Not genuine: tampered.pdf has been changed since it was signed.')).toBeVisible();

    await page.getByLabel(/Choose a PDF file/).setInputFiles({
      name: 'final-letter.pdf',
      mimeType: 'application/pdf',
      buffer: final.bytes,
    });
    await expect(page.getByText('Matches: final-letter.pdf is exactly the document issued.')).toBeVisible();
    await expect(page.getByText(/^Genuine: final-letter\.pdf is signed by the Corporation/)).toBeVisible();
    await expect(page.getByText('It is exactly the document this page is about.')).toBeVisible();
    await expectNoViolations(page, 'the verify page with a file checked', 'en');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoViolations(page, 'the verify page with a file checked at 375 px', 'en');
  });
});
