// The New Application wizard: the profile gate, the four steps and their rules and messages, and the submission
// (create, then one upload per document, in parallel, then the new application's page).
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
} from '../../../test/render-app';
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

async function toDocumentsStep(user: ReturnType<typeof userEvent.setup>) {
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
    await user.type(screen.getByRole('searchbox', { name: 'Search assets' }), 'war');
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
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent('Failed to load assets'),
    );
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

  it("refuses to submit without the project fields: 'Please fill all required fields', back on Project Details", async () => {
    const { fetchMock } = await openWizard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /HYD-LA-001/ }));
    for (let step = 0; step < 3; step++) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('No documents uploaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#project_description', '#estimated_investment', '#employment_generation']);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates the application, then uploads each document in its own call, then opens the new application', async () => {
    const created = application({ id: 'c0000000-0000-4000-8000-00000000abcd' });
    let answerCreate: (response: Response) => void = () => undefined;
    const { fetchMock, router } = await openWizard(
      api({
        'POST /api/applications': () =>
          new Promise<Response>((resolve) => (answerCreate = resolve)) as unknown as Response,
        [`GET /api/applications/${created.id}`]: () => jsonResponse(200, created),
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
    await user.upload(screen.getByLabelText('Choose file for DPR (Detailed Project Report)'), file('dpr.pdf'));
    await user.upload(screen.getByLabelText('Choose file for PAN Card'), file('pan.png', 500, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('HYD-LA-001 · Land')).toBeInTheDocument();
    expect(screen.getByText('₹25,00,000')).toBeInTheDocument();
    expect(screen.getByText('dpr.pdf', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    answerCreate(jsonResponse(201, created));

    expect(await screen.findByText('Application created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${created.id}`));
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
  });

  it("shows the server's detail when creation fails, and stays on the wizard", async () => {
    const { router } = await openWizard(
      api({
        'POST /api/applications': () =>
          jsonResponse(409, { detail: 'This asset is no longer available. Please choose another.' }),
      }),
    );
    const user = userEvent.setup();
    await toDocumentsStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('This asset is no longer available. Please choose another.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/applications/new');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
  });
});
