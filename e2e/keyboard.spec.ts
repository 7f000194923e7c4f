// Keyboard only: an applicant registers, fills the profile, applies, submits and pays; an officer finds the case,
// starts scrutiny, verifies the documents and sends it on. Every control is reached with Tab (arrows inside radio
// groups and tab lists) and used with Enter, Space or typing; nothing is clicked. Each control shows where the focus
// is when it gets there.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, pdfOnDisk, submitCase } from './support/api';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from './support/session';
import { payAndConfirm } from './support/gateway';

/** More Tab presses than any screen needs to go from the top of the page to its last control. */
const TAB_LIMIT = 90;

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus, then checks a focus indicator shows on it or on the label around it. */
async function tabTo(page: Page, target: Locator, what: string): Promise<void> {
  await expect(target, `${what} is on the page`).toBeAttached();
  for (let presses = 0; presses < TAB_LIMIT; presses++) {
    if (await isFocused(target)) {
      const shown = await target.evaluate((element) => {
        for (let node: Element | null = element, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
          const style = getComputedStyle(node);
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          if (outline || (style.boxShadow && style.boxShadow !== 'none')) return true;
        }
        return false;
      });
      expect(shown, `${what} shows that it has the focus`).toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`${what} was not reached with ${TAB_LIMIT} presses of Tab`);
}

async function typeInto(page: Page, target: Locator, what: string, text: string): Promise<void> {
  await tabTo(page, target, what);
  await page.keyboard.type(text);
}

async function activate(page: Page, target: Locator, what: string, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, target, what);
  await page.keyboard.press(key);
}

/** Moves along a tab list with the arrow keys until the named tab is selected. */
async function openTab(page: Page, name: string): Promise<void> {
  await tabTo(page, page.getByRole('tab', { selected: true }), 'the selected tab');
  const wanted = page.getByRole('tab', { name });
  const selected = page.getByRole('tab', { selected: true });
  for (let presses = 0; presses < 8 && (await wanted.getAttribute('aria-selected')) !== 'true'; presses++) {
    const before = await selected.textContent();
    await page.keyboard.press('ArrowRight');
    // Wait for the move to land before looking again, or a slow page is pressed past the wanted tab.
    await expect(selected).not.toHaveText(before ?? '');
  }
  await expect(wanted, `the ${name} tab is selected`).toHaveAttribute('aria-selected', 'true');
}

test('an applicant registers, applies, submits and pays with the keyboard alone', async ({ page }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('keyboard');

  await test.step('registration', async () => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await typeInto(page, page.getByLabel('Full name'), 'Full name', 'Deepa Krishnan');
    await typeInto(page, page.getByLabel('Email address'), 'Email address', email);
    await typeInto(page, page.getByLabel('Password'), 'Password', 'Teak-Furnace-Harbour-31');
    await activate(page, page.getByRole('button', { name: 'Create Account' }), 'Create Account');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Deepa Krishnan' })).toBeVisible();
  });

  await test.step('the profile, asked for before the first application', async () => {
    await activate(
      page,
      page.getByRole('link', { name: 'Start Your First Application' }),
      'Start Your First Application',
    );
    await expect(page).toHaveURL('/profile');
    await expect(page.getByLabel('Organization Name')).toBeVisible();
    const fields: Array<[string, string]> = [
      ['Organization Name', 'Krishnan Agro Foods'],
      ['PAN Number', 'AAAPK4321L'],
      ['Address', 'Survey 12, IDA Uppal'],
      ['City', 'Hyderabad'],
      ['State', 'Telangana'],
      ['Pincode', '500039'],
      ['Bank Name', 'Canara Bank'],
      ['Account Number', '1122334455667'],
      ['IFSC Code', 'CNRB0001234'],
    ];
    for (const [label, value] of fields) await typeInto(page, page.getByLabel(label, { exact: true }), label, value);
    await activate(page, page.getByRole('button', { name: 'Create Profile' }), 'Create Profile');
    await expect(page).toHaveURL('/applications/new');
  });

  await test.step('the wizard: an asset, the project, the documents', async () => {
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    const firstAsset = page.getByRole('radio').first();
    await tabTo(page, firstAsset, 'the first asset');
    await page.keyboard.press('Space');
    await expect(firstAsset).toBeChecked();
    await activate(page, page.getByRole('button', { name: 'Next', exact: true }), 'Next');

    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await typeInto(page, page.getByLabel('Project description'), 'Project description', 'Rice bran oil refinery');
    await typeInto(page, page.getByLabel('Estimated investment (₹)'), 'Estimated investment', '6200000');
    await typeInto(page, page.getByLabel('Employment generation (jobs)'), 'Employment generation', '30');
    await activate(page, page.getByRole('button', { name: 'Next', exact: true }), 'Next');

    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    for (const [label, file] of [
      ['DPR (Detailed Project Report)', 'dpr.pdf'],
      ['PAN Card', 'pan.pdf'],
      ['Bank Account Proof', 'bank.pdf'],
    ]) {
      await tabTo(page, page.getByLabel(`Choose file for ${label}`), `Choose file for ${label}`);
      const chooser = page.waitForEvent('filechooser');
      await page.keyboard.press('Space');
      await (await chooser).setFiles(pdfOnDisk(file!));
      await expect(page.getByText(file!)).toBeVisible();
    }
    await activate(page, page.getByRole('button', { name: 'Next', exact: true }), 'Next');
  });

  await test.step('the review: the declaration and one Submit', async () => {
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    const declaration = page.getByRole('checkbox', { name: /^I declare that the information I have given/ });
    await tabTo(page, declaration, 'the declaration');
    await page.keyboard.press('Space');
    await expect(declaration).toBeChecked();
    await activate(page, page.getByRole('button', { name: 'Submit Application' }), 'Submit Application');
    await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
    await expect(page.getByText('SUBMITTED', { exact: true }).first()).toBeVisible();
  });

  await test.step('both invoices paid', async () => {
    await openTab(page, 'Payments');
    const invoices = page.getByRole('table', { name: 'Invoices for this application' });
    const payButtons = invoices.getByRole('button', { name: /^Pay Now/ });
    await expect(payButtons).toHaveCount(2);
    for (let paid = 1; paid <= 2; paid++) {
      await activate(page, payButtons.first(), `Pay Now (invoice ${paid})`);
      const confirm = page.getByRole('dialog', { name: /^Pay invoice INV-/ });
      await expect(confirm).toBeVisible();
      // Pay online, and Pay at the sandbox gateway, each reached with Tab and pressed with Enter.
      await payAndConfirm(page, { dialog: confirm, press: (button, what) => activate(page, button, what) });
      await activate(page, page.getByRole('link', { name: 'Back to the application' }), 'Back to the application');
      await openTab(page, 'Payments');
      await expect(payButtons).toHaveCount(2 - paid);
    }
    await expect(invoices.getByText('PAID', { exact: true })).toHaveCount(2);
  });
});

test('an officer scrutinises a case with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await apiLogin(request, 'entrepreneur');
  const application = await submitCase(request, owner, {
    assetFromEnd: 4,
    description: 'Keyboard scrutiny: packaging unit',
    investment: 9_000_000,
    jobs: 22,
  });

  await test.step('sign-in', async () => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await typeInto(page, page.getByLabel('Email address'), 'Email address', DEMO.zonal_manager.email);
    await typeInto(page, page.getByLabel('Password'), 'Password', DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/officer');
  });

  await test.step('the case found from the Applications list', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await activate(page, nav.getByRole('link', { name: 'Applications' }), 'the Applications link');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await typeInto(page, page.getByLabel('Search'), 'Search', application.application_number);
    const link = page.getByRole('link', { name: new RegExp(application.application_number) });
    await expect(link).toHaveCount(1);
    await activate(page, link, `the link to ${application.application_number}`);
    await expect(page).toHaveURL(`/officer/applications/${application.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  const actions = page.getByRole('region', { name: 'Actions' });
  const changeStatus = async (optionLabel: string, value: string, shown: string) => {
    await activate(page, actions.getByRole('button', { name: 'Update Status' }), 'Update Status');
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    const select = dialog.getByLabel('New status');
    await tabTo(page, select, 'New status');
    await page.keyboard.type(optionLabel);
    await expect(select).toHaveValue(value);
    await activate(page, dialog.getByRole('button', { name: 'Update Status' }), 'the dialog’s Update Status');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Right now' }).getByText(shown, { exact: true })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Update Status' }), 'focus returns to the opener').toBeFocused();
  };

  await test.step('scrutiny started', async () => {
    await changeStatus('Under Scrutiny', 'under_scrutiny', 'UNDER SCRUTINY');
  });

  await test.step('each document verified', async () => {
    await openTab(page, 'Documents');
    for (const name of ['DPR (Detailed Project Report)', 'PAN Card', 'Bank Account Proof']) {
      await activate(page, page.getByRole('button', { name: `Verify ${name}` }), `Verify ${name}`);
      await expect(page.getByRole('button', { name: `Verify ${name}` })).toHaveCount(0);
    }
    await expect(page.getByRole('table', { name: 'Documents' }).getByText('VERIFIED')).toHaveCount(3);
  });

  await test.step('sent to the committee', async () => {
    await changeStatus('Pending Committee', 'pending_committee', 'PENDING COMMITTEE');
  });
});
