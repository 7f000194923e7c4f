// Appeals to the head office: the demo applicant's submitted application is past its service date (the seed submits it
// fifteen days ago against a three-working-day target); once its documents are in, it waits on the zonal office, late,
// so the applicant files an appeal from the application's page; the head office finds it in Appeals, records the
// hearing and gives the order; the applicant reads the order on the case, and the public performance page counts the
// appeal against the stage.
import { expect, test } from '@playwright/test';
import { api, apiLogin, PDF } from './support/api';
import { mainNav, signInAs, signOut } from './support/session';
import { navigateInApp } from './support/navigate';

test('an applicant with a late case appeals; the head office hears it and orders', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const owner = await apiLogin(request, 'entrepreneur');
  const mine = await api<{ id: string; application_number: string }[]>(
    request,
    owner,
    'get',
    // The seeded one: other journeys on this server submit applications of their own, none of them late.
    '/api/applications?status=submitted&overdue=true&sort=submitted_at',
  );
  const late = mine[0]!;
  // The seed leaves its documents to the applicant; with them uploaded, the case waits on the zonal office, late.
  for (const type of ['dpr', 'pan_card', 'bank_proof']) {
    const upload = await request.post(`/api/applications/${late.id}/documents`, {
      headers: owner,
      multipart: { document_type: type, file: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: PDF(type) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  const state = await api<{ can_appeal: boolean; ground: string }>(
    request,
    owner,
    'get',
    `/api/applications/${late.id}/appeals`,
  );
  expect(state).toMatchObject({ can_appeal: true, ground: 'late' });
  // What the public performance page counts against the stage before this appeal.
  type Figures = { stages: { status: string; appeals: { filed: number; allowed: number; dismissed: number } }[] };
  const appealsAgainstSubmitted = async () => {
    const response = await request.get('/api/public/performance');
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as Figures).stages.find((stage) => stage.status === 'submitted')!.appeals;
  };
  const before = await appealsAgainstSubmitted();

  await signInAs(page, 'entrepreneur');
  await navigateInApp(page, `/applications/${late.id}`);
  const card = page.getByRole('region', { name: 'Appeal to the head office' });
  await expect(card).toContainText('past its service date');
  await card.getByRole('button', { name: 'File an appeal' }).click();
  const filing = page.getByRole('dialog', { name: `File an appeal on ${late.application_number}` });
  await filing
    .getByLabel(/Your statement/)
    .fill('The application has waited two weeks for scrutiny to start, well past its three working days.');
  await filing.getByRole('button', { name: 'File appeal' }).click();
  await expect(filing).toBeHidden();
  const filed = card.getByRole('listitem');
  await expect(filed).toContainText(/APL-\d{4}-\d{6}/);
  await expect(filed).toContainText('Filed');
  const appealNumber = (await filed.textContent())!.match(/APL-\d{4}-\d{6}/)![0];
  await expect(card.getByRole('button', { name: 'File an appeal' })).toBeHidden();
  await signOut(page);

  await signInAs(page, 'ho');
  await mainNav(page).getByRole('link', { name: 'Appeals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appeals' })).toBeVisible();
  await page.getByLabel('Search').fill(appealNumber);
  await page.getByRole('link', { name: appealNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Appeal ${appealNumber}` })).toBeVisible();

  await page.getByRole('button', { name: 'Record hearing' }).click();
  const hearing = page.getByRole('dialog', { name: `Record the hearing of ${appealNumber}` });
  await hearing.getByLabel(/Hearing note/).fill('Heard the applicant and the zonal office on the delay.');
  await hearing.getByRole('button', { name: 'Record hearing' }).click();
  await expect(hearing).toBeHidden();
  await expect(page.getByText('Heard the applicant and the zonal office on the delay.')).toBeVisible();

  await page.getByRole('button', { name: 'Give order' }).click();
  const order = page.getByRole('dialog', { name: `Order on ${appealNumber}` });
  await order.getByRole('radio', { name: /Dismiss the appeal/ }).check();
  await order.getByLabel(/Reasons/).fill('Scrutiny has now been taken up; the delay is explained on the file.');
  await expect(order).toContainText('The applicant will be told the appeal was dismissed');
  await order.getByRole('button', { name: 'Give order' }).click();
  await expect(order).toBeHidden();
  await expect(page.getByText(/Dismissed by Suresh Reddy/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Give order' })).toBeHidden();
  await signOut(page);

  // The applicant reads the order on the case.
  await signInAs(page, 'entrepreneur');
  await navigateInApp(page, `/applications/${late.id}`);
  const decided = page.getByRole('region', { name: 'Appeal to the head office' }).getByRole('listitem');
  await expect(decided).toContainText('Dismissed');
  await expect(decided).toContainText('Scrutiny has now been taken up; the delay is explained on the file.');
  await signOut(page);

  // The public performance page counts the appeal against the stage, as soon as it is decided.
  await page.goto('/performance');
  await expect(page.getByRole('heading', { level: 1, name: 'Our service standards' })).toBeVisible();
  await expect(page.getByTestId('performance-submitted')).toContainText(
    `${before.filed + 1} filed, ${before.allowed} allowed, ${before.dismissed + 1} dismissed`,
  );
});
