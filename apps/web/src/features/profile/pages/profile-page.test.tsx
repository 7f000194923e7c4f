// The profile form: three sections, required and optional fields, the default category and constitution, PAN read-only once saved,
// 'Create Profile' / 'Update Profile' / 'Saving...', and what is sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicantFixture } from '../../../test/fixtures';
import { jsonResponse, renderApp, signedInAs, stubFetch, type FetchHandler } from '../../../test/render-app';

const SAVED = applicantFixture({
  id: 'b0000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-000000000001',
  kyc_verified: false,
  constitution: 'partnership',
});

async function openProfile(handler: FetchHandler) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch(handler);
  const rendered = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Applicant Profile' });
  return { ...rendered, fetchMock };
}

const noProfile: FetchHandler = (url, init) => {
  if (url === '/api/applicants/me') return jsonResponse(404, { detail: 'Applicant profile not found' });
  if (url === '/api/applicants' && init.method === 'POST')
    return jsonResponse(201, { ...SAVED, ...JSON.parse(String(init.body)) });
  return jsonResponse(200, []);
};

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Organization Name'), 'Sunrise Agro Foods');
  await user.type(screen.getByLabelText('PAN Number'), 'abcde1234f');
  await user.type(screen.getByLabelText('Address'), '4-1-22, Market Road');
  await user.type(screen.getByLabelText('City'), 'Warangal');
  await user.type(screen.getByLabelText('State'), 'Telangana');
  await user.type(screen.getByLabelText('Pincode'), '506002');
  await user.type(screen.getByLabelText('Bank Name'), 'Canara Bank');
  await user.type(screen.getByLabelText('Account Number'), '0012345678901');
  await user.type(screen.getByLabelText('IFSC Code'), 'cnrb0001234');
}

describe('profile page', () => {
  it('starts a new profile with the three sections, category general and the optional fields marked', async () => {
    await openProfile(noProfile);
    for (const section of ['Organization Details', 'Address', 'Bank Details']) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Category')).toHaveValue('general');
    const constitution = screen.getByLabelText('Constitution');
    expect(constitution).toHaveValue('proprietorship');
    expect(constitution).toHaveAccessibleDescription('The legal form of your organization.');
    expect(
      within(constitution)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Sole proprietorship',
      'Partnership firm',
      'Limited liability partnership (LLP)',
      'Private limited company',
      'Public limited company',
      'Co-operative society',
      'Trust',
    ]);
    expect(screen.getByLabelText('GST Number (optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('SDP Reference (optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('PAN Number')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Create Profile' })).toBeInTheDocument();
  });

  it('lists every missing required field in a focused error summary and sends nothing', async () => {
    const { fetchMock } = await openProfile(noProfile);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    const summary = await screen.findByRole('alert');
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '#organization_name',
      '#pan_number',
      '#address',
      '#city',
      '#state',
      '#pincode',
      '#bank_name',
      '#bank_account',
      '#bank_ifsc',
    ]);
    expect(within(summary).getByRole('link', { name: 'Enter the organization name' })).toBeInTheDocument();
    // Every message comes from the screen's catalogue, naming the missing field.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Enter the organization name',
      'Enter the PAN number',
      'Enter the address',
      'Enter the city',
      'Enter the state',
      'Enter the pincode',
      'Enter the bank name',
      'Enter the account number',
      'Enter the IFSC code',
    ]);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says what shape a filled but wrong field needs, and keeps what was typed', async () => {
    const { fetchMock } = await openProfile(noProfile);
    const user = userEvent.setup();
    await fillRequired(user);
    await user.clear(screen.getByLabelText('PAN Number'));
    await user.type(screen.getByLabelText('PAN Number'), 'ABC12');
    await user.clear(screen.getByLabelText('Pincode'));
    await user.type(screen.getByLabelText('Pincode'), '12');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter a valid PAN, for example ABCDE1234F', 'Enter a 6-digit pincode']);
    expect(screen.getByLabelText('PAN Number')).toHaveValue('ABC12');
    expect(screen.getByLabelText('City')).toHaveValue('Warangal');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("creates the profile ('Saving...' while busy), sending empty optional fields as null", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = await openProfile((url, init) => {
      if (url === '/api/applicants/me') return jsonResponse(404, { detail: 'Applicant profile not found' });
      if (init.method === 'POST') return new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response;
      return jsonResponse(200, []);
    });
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    const [, init] = fetchMock.mock.calls.find(([url, call]) => url === '/api/applicants' && call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      organization_name: 'Sunrise Agro Foods',
      pan_number: 'ABCDE1234F',
      gst_number: null,
      category: 'general',
      constitution: 'proprietorship',
      sdp_reference: null,
      address: '4-1-22, Market Road',
      city: 'Warangal',
      state: 'Telangana',
      pincode: '506002',
      bank_name: 'Canara Bank',
      bank_account: '0012345678901',
      bank_ifsc: 'CNRB0001234',
    });
    answer(jsonResponse(201, { ...SAVED, organization_name: 'Sunrise Agro Foods', pan_number: 'ABCDE1234F' }));
    expect(await screen.findByText('Profile created successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('PAN Number')).toHaveAttribute('readonly');
  });

  it('updates an existing profile with the PAN read-only and never sends it', async () => {
    const { fetchMock } = await openProfile((url, init) => {
      if (url === '/api/applicants/me' && init.method === 'PUT')
        return jsonResponse(200, { ...SAVED, ...JSON.parse(String(init.body)), updated_at: '2026-02-01T00:00:00Z' });
      if (url === '/api/applicants/me') return jsonResponse(200, SAVED);
      return jsonResponse(200, []);
    });
    const user = userEvent.setup();
    const pan = await screen.findByLabelText('PAN Number');
    expect(pan).toHaveValue('ABCPK1234L');
    expect(pan).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Category')).toHaveValue('mse');
    expect(screen.getByLabelText('Constitution')).toHaveValue('partnership');
    await user.selectOptions(screen.getByLabelText('Constitution'), 'Private limited company');
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Secunderabad');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    const body = JSON.parse(String(init!.body));
    expect(body).not.toHaveProperty('pan_number');
    expect(body.city).toBe('Secunderabad');
    expect(body.constitution).toBe('private_limited');
  });

  it("shows the server's detail when saving fails, else 'Failed to save profile'", async () => {
    await openProfile((url, init) => {
      if (url === '/api/applicants/me') return jsonResponse(404, {});
      if (init.method === 'POST') return new Response('oops', { status: 502 });
      return jsonResponse(200, []);
    });
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Failed to save profile')).toBeInTheDocument();
    expect(screen.getByLabelText('Organization Name')).toHaveValue('Sunrise Agro Foods');
  });
});
