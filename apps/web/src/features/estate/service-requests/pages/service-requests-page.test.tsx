// Service requests: the list's columns and links, the New Request dialog's defaults, the particulars each type asks
// for and their errors (the client's and the server's), the fee for them, refusals in words, and what it sends.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  pageResponse,
  queryOf,
  renderApp,
  signedInAs,
  stubFetch,
  type FetchHandler,
} from '../../../../test/render-app';
import { APP_ID, requestFixture } from '../test/fixtures';

const REQUEST = requestFixture();
const ALLOTMENT_ID = 'b1000000-0000-4000-8000-000000000001';

async function open(handler: FetchHandler) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch(handler);
  renderApp('/service-requests');
  await screen.findByRole('heading', { level: 1, name: 'Service Requests' });
  return fetchMock;
}

const ASSET_ID = 'd1000000-0000-4000-8000-000000000001';

/** The applicant's one application in the picker, its one allotment on a plot valued at ₹50 lakh; every other call an
 * empty page. */
function withPlot(url: string) {
  if (url.startsWith('/api/applications?'))
    return pageResponse([{ id: APP_ID, application_number: 'APP-2026-000001' }]);
  if (url.startsWith('/api/allotments?') && queryOf(url).application_id === APP_ID)
    return pageResponse([
      { id: ALLOTMENT_ID, allotment_number: 'ALT-2026-000001', asset_id: ASSET_ID, asset_code: 'VSP-A-12' },
    ]);
  if (url === `/api/assets/${ASSET_ID}`) return jsonResponse(200, { id: ASSET_ID, valuation: 5_000_000, unit: 'sqm' });
  return pageResponse([]);
}

/** Chooses the application, then its allotment. */
async function choosePlot(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const application = within(dialog).getByRole('combobox', { name: 'Application' });
  await within(application).findByRole('option', { name: 'APP-2026-000001' });
  await user.selectOptions(application, APP_ID);
  const allotment = within(dialog).getByRole('combobox', { name: /^Allotment/ });
  await within(allotment).findByRole('option', { name: 'ALT-2026-000001' });
  await user.selectOptions(allotment, ALLOTMENT_ID);
}

describe('service requests', () => {
  it('lists number, status, type, fee, submitted date and description, each number opening the request', async () => {
    const fetchMock = await open((url) =>
      url.startsWith('/api/service-requests?') ? pageResponse([REQUEST]) : pageResponse([]),
    );
    const table = await screen.findByRole('table', { name: 'Your service requests' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of [
      'SR-2026-000001',
      'SUBMITTED',
      'Mortgage NOC',
      '₹2,360',
      '10 Feb 2026',
      'NOC for a term loan',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(queryOf(String(fetchMock.mock.calls.at(-1)![0]))).toEqual({ limit: '50', sort: '-submitted_at' });
    expect(screen.getByRole('columnheader', { name: /Submitted on/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(row).getByRole('link', { name: 'SR-2026-000001' })).toHaveAttribute(
      'href',
      `/service-requests/${REQUEST.id}`,
    );
  });

  it('says in the list where a transfer, a request in effect and one awaiting particulars stand, with their particulars, plot and order', async () => {
    await open((url) =>
      url.startsWith('/api/service-requests?')
        ? pageResponse([
            requestFixture({
              id: 'a1000000-0000-4000-8000-000000000003',
              request_number: 'SR-2026-000003',
              request_type: 'transfer',
              particulars: { transferee_email: 'meena@example.com', legal_heir: false },
              transferee_accepted_at: null,
              asset_code: 'VSP-A-12',
              allotment_number: 'ALT-2026-000007',
            }),
            requestFixture({
              id: 'a1000000-0000-4000-8000-000000000004',
              request_number: 'SR-2026-000004',
              request_type: 'change_constitution',
              status: 'approved',
              particulars: { new_constitution: 'private_limited' },
              took_effect_at: '2026-02-20T11:00:00Z',
            }),
            // Raised with the seed's fields only (decision 021).
            requestFixture({
              id: 'a1000000-0000-4000-8000-000000000005',
              request_number: 'SR-2026-000005',
              request_type: 'change_name',
              particulars: {},
              particulars_needed: ['new_name'],
            }),
          ])
        : pageResponse([]),
    );
    const table = await screen.findByRole('table', { name: 'Your service requests' });
    const [, transfer, change, unnamed] = within(table).getAllByRole('row');
    expect(unnamed).toHaveTextContent('Particulars needed from the applicant');
    expect(transfer).not.toHaveTextContent('Particulars needed');
    expect(transfer).toHaveTextContent("Awaiting the transferee's acceptance");
    expect(transfer).toHaveTextContent("Transferee's email: meena@example.com");
    expect(transfer).toHaveTextContent('To a legal heir: No');
    expect(within(transfer!).getByText('VSP-A-12')).toBeInTheDocument();
    expect(within(transfer!).queryByRole('button', { name: /Download order/ })).toBeNull();
    expect(change).toHaveTextContent('In effect from 20 Feb 2026');
    expect(change).toHaveTextContent('New constitution: Private limited company');
    expect(within(change!).getByRole('button', { name: 'Download order SR-2026-000004' })).toBeInTheDocument();
  });

  it('opens New Request on change_name with its fee, needs the application, allotment, new name and reason, and sends the particulars', async () => {
    const fetchMock = await open((url, init) => {
      if (url === '/api/service-requests' && init.method === 'POST')
        return jsonResponse(201, { ...REQUEST, id: 'a1000000-0000-4000-8000-000000000002' });
      return withPlot(url);
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No service requests yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New Request' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    const type = within(dialog).getByLabelText('Request type');
    expect(type).toHaveValue('change_name');
    expect(type).toHaveAccessibleDescription(
      'Fee ₹5,900 (GST included). It is billed when the request is approved, and the request takes effect once you pay it. A change of name or constitution may be asked for on an application before its allotment; choose the allotment if there is one.',
    );
    // A change of name may be asked for before the allotment; every other service names it.
    expect(within(dialog).getByRole('combobox', { name: 'Allotment (optional)' })).toBeDisabled();
    expect(within(dialog).queryByLabelText(/Fee amount/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Application')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    const summary = within(dialog).getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Choose the application this request is for',
      'Enter the new name',
      'Enter the reason for your request',
    ]);
    const newName = within(dialog).getByLabelText('New name');
    expect(newName).toHaveAttribute('aria-invalid', 'true');
    expect(newName).toHaveAccessibleDescription(/Enter the new name/);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // A surrender has no fee, names no particulars, and names its allotment.
    await user.selectOptions(type, 'withdrawal');
    expect(type).toHaveAccessibleDescription(/^There is no fee for this request\. The request takes effect when/);
    expect(within(dialog).queryByLabelText('New name')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(
      within(within(dialog).getByRole('alert'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toContain('Choose the allotment this request is for');

    await user.selectOptions(type, 'change_name');
    await choosePlot(user, dialog);
    await user.type(within(dialog).getByLabelText('New name'), 'Sunrise Foods Private Limited');
    await user.type(within(dialog).getByLabelText('Description'), 'The firm was renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Service request submitted successfully')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      request_type: 'change_name',
      application_id: APP_ID,
      allotment_id: ALLOTMENT_ID,
      description: 'The firm was renamed',
      particulars: { new_name: 'Sunrise Foods Private Limited' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it("shows an extension's fee rule until the plot is chosen, then the amount from its valuation, and sends the milestone", async () => {
    const fetchMock = await open((url, init) => {
      if (url === '/api/service-requests' && init.method === 'POST') return jsonResponse(201, REQUEST);
      return withPlot(url);
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    const type = within(dialog).getByLabelText('Request type');
    await user.selectOptions(type, 'eot');
    expect(type).toHaveAccessibleDescription(/^Fee 2% of the plot's valuation per year of extension\./);
    await user.type(within(dialog).getByLabelText('Description'), 'Six more months');
    await choosePlot(user, dialog);
    await waitFor(() =>
      expect(type).toHaveAccessibleDescription(
        /^Fee ₹1,00,000, 2% of the plot's valuation of ₹50,00,000 for 12 months of extension\./,
      ),
    );
    // An extension of time names its milestone.
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the milestone to extend');
    await user.selectOptions(within(dialog).getByLabelText('Milestone'), 'start_production');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Service request submitted successfully');
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      request_type: 'eot',
      application_id: APP_ID,
      allotment_id: ALLOTMENT_ID,
      milestone: 'start_production',
      description: 'Six more months',
    });
  }, 20_000);

  it('asks a subletting for the sub-lessee, area and whole months, charging each year or part of one', async () => {
    const fetchMock = await open((url, init) => {
      if (url === '/api/service-requests' && init.method === 'POST') return jsonResponse(201, REQUEST);
      return withPlot(url);
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    const type = within(dialog).getByLabelText('Request type');
    await user.selectOptions(type, 'subletting');
    await choosePlot(user, dialog);
    await waitFor(() =>
      expect(type).toHaveAccessibleDescription(/^Fee ₹2,50,000 for each year or part of a year, 5% of the plot's/),
    );
    await user.type(within(dialog).getByLabelText('Sub-lessee'), 'Coastal Packaging LLP');
    await user.type(within(dialog).getByLabelText('Area sublet, in square metres'), '250.5');
    await user.type(within(dialog).getByLabelText('Period in months'), '6.5');
    await user.type(within(dialog).getByLabelText('Description'), 'A packaging partner');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the period in whole months, from 1 to 120');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Period in months'));
    await user.type(within(dialog).getByLabelText('Period in months'), '18');
    expect(type).toHaveAccessibleDescription(/^Fee ₹5,00,000 for 2 years, 5% of the plot's valuation of ₹50,00,000/);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Service request submitted successfully');
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body)).particulars).toEqual({
      sub_lessee: 'Coastal Packaging LLP',
      sublet_area: 250.5,
      months: 18,
    });
  }, 20_000);

  it("asks a transfer for the transferee's email, free to a legal heir; puts the server's field error at the field and says unpaid dues in words", async () => {
    let answers = 0;
    const fetchMock = await open((url, init) => {
      if (url === '/api/service-requests' && init.method === 'POST') {
        answers += 1;
        return answers === 1
          ? jsonResponse(422, {
              detail: 'A plot cannot be transferred to its own holder',
              code: 'transfer_to_self',
              errors: [{ path: 'body.particulars.transferee_email', message: 'That is your own email' }],
            })
          : jsonResponse(409, { detail: 'You have unpaid dues', code: 'unpaid_dues' });
      }
      return withPlot(url);
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    const type = within(dialog).getByLabelText('Request type');
    await user.selectOptions(type, 'transfer');
    expect(dialog).toHaveTextContent('The person you name must accept the transfer in the portal.');
    await choosePlot(user, dialog);
    await waitFor(() =>
      expect(type).toHaveAccessibleDescription(/^Fee ₹5,00,000, 10% of the plot's valuation of ₹50,00,000\./),
    );
    await user.click(within(dialog).getByLabelText('The transfer is to my legal heir'));
    expect(type).toHaveAccessibleDescription(/^No fee: a transfer to a legal heir is free\./);

    await user.type(within(dialog).getByLabelText('Description'), 'To my daughter');
    await user.type(within(dialog).getByLabelText('Email of the person taking over the plot'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Enter a valid email address, for example name@example.com',
    );

    const email = within(dialog).getByLabelText('Email of the person taking over the plot');
    await user.clear(email);
    await user.type(email, 'ravi@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/You cannot transfer a plot to your own email/));
    expect(JSON.parse(String(fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')![1]!.body))).toEqual({
      request_type: 'transfer',
      application_id: APP_ID,
      allotment_id: ALLOTMENT_ID,
      description: 'To my daughter',
      particulars: { transferee_email: 'ravi@example.com', legal_heir: true },
    });

    await user.clear(email);
    await user.type(email, 'meena@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(
      await within(dialog).findByText(/^Failed to submit request: There are overdue dues on this plot\./),
    ).toHaveAttribute('role', 'alert');
  }, 30_000);

  it('asks a change of constitution with the forms in words, and a mortgage NOC for the lender and loan in rupees', async () => {
    const fetchMock = await open((url, init) => {
      if (url === '/api/service-requests' && init.method === 'POST') return jsonResponse(201, REQUEST);
      return withPlot(url);
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    await user.selectOptions(within(dialog).getByLabelText('Request type'), 'change_constitution');
    const constitution = within(dialog).getByLabelText('New constitution');
    expect(
      within(constitution)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose the new constitution',
      'Sole proprietorship',
      'Partnership firm',
      'Limited liability partnership (LLP)',
      'Private limited company',
      'Public limited company',
      'Co-operative society',
      'Trust',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the new constitution');

    await user.selectOptions(within(dialog).getByLabelText('Request type'), 'mortgage_noc');
    await choosePlot(user, dialog);
    await user.type(within(dialog).getByLabelText('Lender'), 'State Bank of India');
    await user.type(within(dialog).getByLabelText('Loan amount in rupees'), '25,00,000');
    await user.type(within(dialog).getByLabelText('Description'), 'Term loan for machinery');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Service request submitted successfully');
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body)).particulars).toEqual({ lender: 'State Bank of India', loan_amount: 2500000 });
  }, 20_000);

  it('finds an application to link by asking the server, once per pause in typing', async () => {
    const fetchMock = await open((url) => {
      if (!url.startsWith('/api/applications?')) return pageResponse([]);
      const q = queryOf(url).q;
      return q
        ? pageResponse([{ id: APP_ID, application_number: 'APP-2026-000777' }])
        : pageResponse([{ id: 'other', application_number: 'APP-2026-000001' }], { total: 312 });
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    expect(await within(dialog).findByText('The first 1 of 312: search to find others')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: /Find an application/ }), '777');
    const select = within(dialog).getByRole('combobox', { name: /^Application/ });
    await within(select).findByRole('option', { name: 'APP-2026-000777' });
    const searches = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/applications?') && queryOf(url).q);
    expect(searches.map((url) => queryOf(url))).toEqual([{ limit: '50', sort: '-created_at', q: '777' }]);
  });

  it("says 'Failed to submit request' in the dialog when the server refuses without a detail", async () => {
    await open((url, init) => (init.method === 'POST' ? new Response('', { status: 502 }) : withPlot(url)));
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    await choosePlot(user, dialog);
    await user.type(within(dialog).getByLabelText('New name'), 'Sunrise Foods');
    await user.type(within(dialog).getByLabelText('Description'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to submit request$/);
    expect(screen.queryByText('Failed to submit request', { selector: '[data-title]' })).toBeNull();
  });

  it("leads with the spec's 'Failed to submit request' and adds the server's reason, in the dialog, keeping the draft", async () => {
    await open((url, init) =>
      init.method === 'POST' ? jsonResponse(404, { detail: 'Allotment not found' }) : withPlot(url),
    );
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'New Request' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New Service Request' });
    await choosePlot(user, dialog);
    await user.type(within(dialog).getByLabelText('New name'), 'Sunrise Foods');
    await user.type(within(dialog).getByLabelText('Description'), 'Transfer to my son');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to submit request: Allotment not found');
    expect(document.querySelector('[data-toast]')).toBeNull();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Transfer to my son');
  });
});
