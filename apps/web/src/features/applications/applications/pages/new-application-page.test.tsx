// The New Application wizard: the profile gate, the four steps checked on Next (error summary and inline messages),
// the check-your-answers review with its Change links, fees, missing-document warning and declaration, and the one
// Submit (create, one upload per document in parallel, submit, then the application's page), the draft, and what a
// failure on the way leaves.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@portal/contract';
import {
  jsonResponse,
  pageResponse,
  queryOf,
  renderApp,
  signedInAs,
  stubFetch,
  type FetchHandler,
} from '../../../../test/render-app';
import { ASSET, ASSET_2, PROFILE, application, fakeXhr } from '../test/fixtures';

function api(overrides: Record<string, (init: RequestInit, url: string) => Response> = {}): FetchHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    if (overrides[key]) return overrides[key]!(init, url);
    if (key === 'GET /api/applicants/me') return jsonResponse(200, PROFILE);
    if (key === 'GET /api/assets/available') return pageResponse([ASSET, ASSET_2]);
    return pageResponse([]);
  };
}

async function openWizard(handler: FetchHandler = api()) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch(handler);
  const rendered = renderApp('/applications/new');
  return { ...rendered, fetchMock };
}

function file(name: string, size = 1000, type = 'application/pdf'): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

type User = ReturnType<typeof userEvent.setup>;

async function toDocumentsStep(user: User) {
  await user.click(await screen.findByRole('radio', { name: /HYD-LA-001/ }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText('Project description'), 'Precision machining');
  await user.type(screen.getByLabelText('Estimated investment (₹)'), '2500000');
  await user.type(screen.getByLabelText('Employment generation (jobs)'), '40');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Upload Documents', level: 2 });
}

describe('new application wizard', () => {
  it.each([
    ['no profile (404)', () => jsonResponse(404, { detail: 'Applicant profile not found' })],
    ['a failed profile look-up (500)', () => jsonResponse(500, { detail: 'boom' })],
  ])("sends the user to /profile with 'Please complete your profile first' when there is %s", async (_case, answer) => {
    const { router } = await openWizard(api({ 'GET /api/applicants/me': answer }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByText('Please complete your profile first')).toBeInTheDocument();
  });

  it("lists the available assets, and says 'No assets available at the moment' when there are none", async () => {
    await openWizard();
    expect(await screen.findByRole('radio', { name: /HYD-LA-001/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /WAR-PL-002/ })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
  });

  it("says 'No assets available at the moment' with an empty list", async () => {
    await openWizard(api({ 'GET /api/assets/available': () => pageResponse([]) }));
    expect(await screen.findByText('No assets available at the moment')).toBeInTheDocument();
  });

  it('searches and filters the available assets on the server, a page at a time, keeping the chosen one', async () => {
    const { fetchMock } = await openWizard(
      api({
        'GET /api/assets/available': (_init, url) => {
          const query = queryOf(url);
          if (query.q === 'war' && query.type === 'plot') return pageResponse([ASSET_2]);
          return pageResponse([ASSET, ASSET_2], { total: 45 });
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /HYD-LA-001/ }));
    expect(screen.getByText('Showing 1–2 of 45')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of available assets' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'plot');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'war');
    await waitFor(() => expect(screen.queryByRole('radio', { name: /HYD-LA-001/ })).not.toBeInTheDocument());
    const calls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/assets/available'));
    expect(calls.filter((url) => queryOf(url).q).map(queryOf)).toEqual([
      { limit: '20', sort: 'asset_code', q: 'war', type: 'plot' },
    ]);
    // The asset chosen before the search still counts: Next moves on.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Project Details', level: 2 })).toBeInTheDocument();
  }, 20_000);

  it("toasts 'Failed to load assets' when the asset list fails, besides the inline retry", async () => {
    await openWizard(api({ 'GET /api/assets/available': () => jsonResponse(500, { detail: 'boom' }) }));
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-toast]')).toHaveTextContent('Failed to load assets'));
  });

  it('selects the plot chosen on the map before starting (?asset=<id>), so Next goes straight on', async () => {
    signedInAs('entrepreneur');
    stubFetch(api({ [`GET /api/assets/${ASSET_2.id}`]: () => jsonResponse(200, ASSET_2) }));
    renderApp(`/applications/new?asset=${ASSET_2.id}`);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('radio', { name: /WAR-PL-002/ })).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
  });

  it("refuses Next from step 1 without an asset: 'Please select an asset'", async () => {
    await openWizard();
    const user = userEvent.setup();
    await screen.findByRole('radio', { name: /HYD-LA-001/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an asset');
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /WAR-PL-002/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Application type')).toHaveValue('new');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: /WAR-PL-002/ })).toBeChecked();
  });

  it('offers the six document types, three labelled required, with the accepted types and 5 MB limit', async () => {
    await openWizard();
    const user = userEvent.setup();
    await toDocumentsStep(user);
    for (const label of [
      'DPR (Detailed Project Report)',
      'PAN Card',
      'Bank Account Proof',
      'GST Certificate',
      'Caste Certificate',
      'Other',
    ]) {
      expect(screen.getByLabelText(`Choose file for ${label}`)).toBeInTheDocument();
    }
    expect(screen.getAllByText('(required)')).toHaveLength(3);
    expect(screen.getByLabelText('Choose file for DPR (Detailed Project Report)')).toHaveAttribute(
      'accept',
      '.pdf,.doc,.docx',
    );
    expect(screen.getByLabelText('Choose file for PAN Card')).toHaveAccessibleDescription(
      'Accepted types: PDF, JPG, JPEG, PNG. Maximum size 5 MB.',
    );
  });

  it("refuses a file over 5 MB with 'File size should not exceed 5MB' and a wrong type with the accepted types", async () => {
    await openWizard();
    const user = userEvent.setup({ applyAccept: false });
    await toDocumentsStep(user);
    await user.upload(
      screen.getByLabelText('Choose file for DPR (Detailed Project Report)'),
      file('big.pdf', MAX_UPLOAD_BYTES + 1),
    );
    expect(screen.getByText('File size should not exceed 5MB')).toBeInTheDocument();
    expect(screen.queryByText('big.pdf')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose file for PAN Card'), file('pan.docx', 1000));
    expect(screen.getByText('This file type is not accepted. Accepted types: PDF, JPG, JPEG, PNG')).toBeInTheDocument();
    // Exactly 5 MB is fine, and a file can be removed before submit.
    await user.upload(
      screen.getByLabelText('Choose file for DPR (Detailed Project Report)'),
      file('ok.pdf', MAX_UPLOAD_BYTES),
    );
    expect(screen.queryByText('File size should not exceed 5MB')).not.toBeInTheDocument();
    expect(screen.getByText('ok.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the file chosen for DPR (Detailed Project Report)' }));
    expect(screen.queryByText('ok.pdf')).not.toBeInTheDocument();
  });

  it('shows on each asset card what submitting will raise and the premium after approval', async () => {
    await openWizard();
    const card = (await screen.findByRole('radio', { name: /HYD-LA-001/ })).closest('label')!;
    // A valuation of ₹15,00,000: ₹11,800 processing fee with GST and ₹1,50,000 EMD; premium ₹3,75,000 later.
    expect(card).toHaveTextContent(
      'Fees on submission: ₹1,61,800 (processing fee ₹11,800 with GST, EMD ₹1,50,000). After approval: first premium instalment ₹3,75,000.',
    );
  });

  it('stops an empty Project Details at step 2 with an error summary that takes focus and a message on each field', async () => {
    const { fetchMock } = await openWizard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /HYD-LA-001/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 2 of 4');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('heading', { name: 'Please fill all required fields' })).toBeInTheDocument();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Enter a project description', '#project_description'],
      ['Enter the estimated investment in rupees, more than 0', '#estimated_investment'],
      ['Enter the number of jobs, as a whole number', '#employment_generation'],
    ]);
    expect(screen.getByLabelText('Project description')).toHaveAccessibleDescription(
      'What you will make or do, and how. Enter a project description',
    );
    expect(screen.getByLabelText('Estimated investment (₹)')).toHaveAccessibleDescription(
      'Enter the estimated investment in rupees, more than 0',
    );
    expect(screen.getByLabelText('Employment generation (jobs)')).toBeInvalid();

    // A summary link takes the user to its field; what was typed is kept, and only what is still wrong is listed.
    await user.click(within(summary).getByRole('link', { name: 'Enter a project description' }));
    expect(screen.getByLabelText('Project description')).toHaveFocus();
    await user.type(screen.getByLabelText('Project description'), 'Precision machining');
    await user.type(screen.getByLabelText('Employment generation (jobs)'), '4.5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('alert'))
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['#estimated_investment', '#employment_generation']),
    );
    expect(screen.getByLabelText('Project description')).toHaveValue('Precision machining');

    await user.type(screen.getByLabelText('Estimated investment (₹)'), '2500000');
    await user.clear(screen.getByLabelText('Employment generation (jobs)'));
    await user.type(screen.getByLabelText('Employment generation (jobs)'), '40');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 3 of 4')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upload Documents', level: 2 })).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('reviews the answers with Change links, the fees of submission and a warning for missing required documents', async () => {
    await openWizard();
    const user = userEvent.setup();
    await toDocumentsStep(user);
    await user.upload(screen.getByLabelText('Choose file for DPR (Detailed Project Report)'), file('dpr.pdf'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Step 4 of 4')).toBeInTheDocument();
    expect(screen.getByText('HYD-LA-001 · Land')).toBeInTheDocument();
    expect(screen.getByText('₹25,00,000')).toBeInTheDocument();
    expect(screen.getByText('dpr.pdf', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/You have not attached: PAN Card, Bank Account Proof\./)).toBeInTheDocument();

    const fees = screen.getByRole('region', { name: 'Fees you will pay' });
    expect(within(fees).getByText('Processing fee').closest('div')).toHaveTextContent(
      'Processing fee₹10,000 plus GST at 18% (₹1,800)₹11,800',
    );
    expect(within(fees).getByText('Earnest money deposit (EMD)').closest('div')).toHaveTextContent(
      "10% of the asset's valuation of ₹15,00,000₹1,50,000",
    );
    expect(within(fees).getByText('Total raised on submission').closest('div')).toHaveTextContent('₹1,61,800');
    expect(within(fees).getByText('First premium instalment').closest('div')).toHaveTextContent('₹3,75,000');
    expect(
      screen.getByRole('checkbox', { name: /^I declare that the information I have given is true/ }),
    ).not.toBeChecked();

    // Change goes back to the step, and its button returns to the review.
    await user.click(screen.getByRole('button', { name: 'Change project information' }));
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Estimated investment (₹)'));
    await user.type(screen.getByLabelText('Estimated investment (₹)'), '3000000');
    await user.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    expect(screen.getByText('₹30,00,000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change documents' }));
    await user.upload(screen.getByLabelText('Choose file for PAN Card'), file('pan.png', 500, 'image/png'));
    await user.upload(screen.getByLabelText('Choose file for Bank Account Proof'), file('bank.pdf'));
    await user.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(screen.queryByText(/You have not attached/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change selected asset' }));
    await user.click(screen.getByRole('radio', { name: /WAR-PL-002/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to review' }));
    expect(screen.getByText('WAR-PL-002 · Plot')).toBeInTheDocument();
    // Moving on from a changed step is a plain Next again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  }, 20_000);

  it('submits in one go once the declaration is confirmed: create, one upload per document, submit, then the application', async () => {
    const created = application({ id: 'c0000000-0000-4000-8000-00000000abcd', application_number: 'APP-2026-000777' });
    let answerSubmit: (response: Response) => void = () => undefined;
    const { fetchMock, router } = await openWizard(
      api({
        'POST /api/applications': () => jsonResponse(201, created),
        [`POST /api/applications/${created.id}/submit`]: () =>
          new Promise<Response>((resolve) => (answerSubmit = resolve)) as unknown as Response,
        [`GET /api/applications/${created.id}`]: () => jsonResponse(200, { ...created, status: 'submitted' }),
      }),
    );
    const { FakeXhr, sent } = fakeXhr();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /HYD-LA-001/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(screen.getByLabelText('Application type'), 'expansion_reservation');
    await user.type(screen.getByLabelText('Project description'), 'Precision machining');
    await user.type(screen.getByLabelText('Estimated investment (₹)'), '2500000');
    await user.type(screen.getByLabelText('Employment generation (jobs)'), '40');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.upload(await screen.findByLabelText('Choose file for DPR (Detailed Project Report)'), file('dpr.pdf'));
    await user.upload(screen.getByLabelText('Choose file for PAN Card'), file('pan.png', 500, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Without the declaration nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent('Confirm the declaration to submit your application');
    const declaration = screen.getByRole('checkbox', { name: /^I declare/ });
    expect(declaration).toHaveAccessibleDescription('Confirm the declaration to submit your application');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(declaration);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save as draft' })).toBeDisabled();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/submit'))).toBe(true));
    answerSubmit(
      jsonResponse(200, {
        message: 'Application submitted successfully. Invoices have been generated.',
        application: { ...created, status: 'submitted' },
        invoices_generated: 2,
      }),
    );

    expect(await screen.findByText('Application created successfully!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Application APP-2026-000777 has been submitted for scrutiny, and the processing fee and EMD invoices have been generated. Pay them from its Payments tab.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${created.id}`));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);
    expect(posts).toEqual(['/api/applications', `/api/applications/${created.id}/submit`]);
    const createCall = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/applications' && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(createCall[1]!.body))).toEqual({
      asset_id: ASSET.id,
      application_type: 'expansion_reservation',
      project_description: 'Precision machining',
      estimated_investment: 2500000,
      employment_generation: 40,
    });
    expect(sent.map((call) => call.url)).toEqual([
      `/api/applications/${created.id}/documents`,
      `/api/applications/${created.id}/documents`,
    ]);
    expect(sent.map((call) => call.body.get('document_type'))).toEqual(['dpr', 'pan_card']);
    expect((sent[0]!.body.get('file') as File).name).toBe('dpr.pdf');
    expect(sent[0]!.headers.Authorization).toBe('Bearer test-token');
  }, 20_000);

  async function toReview(user: User) {
    await toDocumentsStep(user);
    await user.upload(screen.getByLabelText('Choose file for DPR (Detailed Project Report)'), file('dpr.pdf'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 4 of 4');
  }

  it('saves a draft without the declaration: create and uploads, no submit, and says it is not submitted', async () => {
    const created = application({ application_number: 'APP-2026-000778' });
    const { fetchMock, router } = await openWizard(
      api({
        'POST /api/applications': () => jsonResponse(201, created),
        [`GET /api/applications/${created.id}`]: () => jsonResponse(200, created),
      }),
    );
    const { FakeXhr, sent } = fakeXhr();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Application created successfully!')).toBeInTheDocument();
    expect(
      screen.getByText(/Application APP-2026-000778 is saved as a draft and has not been submitted/),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${created.id}`));
    expect(sent).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/submit'))).toBe(false);
  });

  it('leaves a draft and says so when the submit call fails after creation', async () => {
    const created = application({ application_number: 'APP-2026-000779' });
    const { fetchMock, router } = await openWizard(
      api({
        'POST /api/applications': () => jsonResponse(201, created),
        [`POST /api/applications/${created.id}/submit`]: () =>
          jsonResponse(409, { detail: 'Only a draft application can be submitted' }),
        [`GET /api/applications/${created.id}`]: () => jsonResponse(200, created),
      }),
    );
    vi.stubGlobal('XMLHttpRequest', fakeXhr().FakeXhr);
    const user = userEvent.setup();
    await toReview(user);
    await user.click(screen.getByRole('checkbox', { name: /^I declare/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Failed to submit application')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Application APP-2026-000779 is saved as a draft: press Submit Application on its page to try again. (Only a draft application can be submitted)',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${created.id}`));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/applications')).toHaveLength(1);
  });

  it('does not submit when a document fails to upload: the draft is kept and the applicant is told what to add', async () => {
    const created = application({ application_number: 'APP-2026-000780' });
    const { fetchMock, router } = await openWizard(
      api({
        'POST /api/applications': () => jsonResponse(201, created),
        [`GET /api/applications/${created.id}`]: () => jsonResponse(200, created),
      }),
    );
    vi.stubGlobal('XMLHttpRequest', fakeXhr(() => ({ status: 415, body: { detail: 'Not a PDF' } })).FakeXhr);
    const user = userEvent.setup();
    await toReview(user);
    await user.click(screen.getByRole('checkbox', { name: /^I declare/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(
      await screen.findByText('Application APP-2026-000780 was saved as a draft but not submitted'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'These documents could not be uploaded: DPR (Detailed Project Report). Add them from its Documents tab, then press Submit Application.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${created.id}`));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/submit'))).toBe(false);
  });

  it("shows the server's detail when creation fails, and stays on the wizard with everything kept", async () => {
    const { router } = await openWizard(
      api({
        'POST /api/applications': () =>
          jsonResponse(409, { detail: 'This asset is no longer available. Please choose another.' }),
      }),
    );
    const user = userEvent.setup();
    await toReview(user);
    await user.click(screen.getByRole('checkbox', { name: /^I declare/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('This asset is no longer available. Please choose another.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/applications/new');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: /^I declare/ })).toBeChecked();
    expect(screen.getByText('dpr.pdf', { exact: false })).toBeInTheDocument();
  });
});
