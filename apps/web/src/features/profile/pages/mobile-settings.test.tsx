// The account page's mobile and SMS choices (decision 037): a number is sent a code and kept once the code comes
// back; a wrong code is said in the form; the optional SMS can be turned off while codes and money always go.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MobileSettings } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const NONE: MobileSettings = { mobile: null, mobile_verified_at: null, sms_opted_out: [] };
const VERIFIED: MobileSettings = {
  mobile: '919876543210',
  mobile_verified_at: '2026-11-20T09:00:00.000Z',
  sms_opted_out: [],
};

function stubMobile(options: { verify?: () => Response } = {}) {
  let settings = NONE;
  return stubFetch((url, init) => {
    if (url === '/api/account/mobile' && (init.method ?? 'GET') === 'GET') return jsonResponse(200, settings);
    if (url === '/api/account/mobile/code')
      return jsonResponse(202, { status: 'code_sent_if_registered', expires_minutes: 5 });
    if (url === '/api/account/mobile/verify') {
      const answer = options.verify?.() ?? jsonResponse(200, VERIFIED);
      if (answer.ok) settings = VERIFIED;
      return answer;
    }
    if (url === '/api/account/sms-preferences') {
      settings = { ...settings, ...JSON.parse(String(init.body)) };
      return jsonResponse(200, settings);
    }
    return jsonResponse(200, []);
  });
}

async function openCard(fetchMock: ReturnType<typeof stubFetch>) {
  signedInAs('entrepreneur');
  renderApp('/account');
  const card = await screen.findByRole('region', { name: 'Mobile number and SMS' });
  await within(card).findByLabelText('Mobile number');
  return { card, fetchMock };
}

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([called]) => called === url)![1]?.body));

describe('mobile and SMS on the account page', () => {
  it('sends a code to the number, verifies it, and then offers the SMS choices', async () => {
    const { card, fetchMock } = await openCard(stubMobile());
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('Mobile number'), '98765 43210');
    await user.click(within(card).getByRole('button', { name: 'Send a code' }));
    expect(
      await within(card).findByText('We sent a 6-digit code to +91 98765 43210. It is valid for 5 minutes.'),
    ).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/account/mobile/code')).toEqual({ mobile: '919876543210' });
    await user.type(within(card).getByLabelText('Code'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Verify number' }));
    expect(await within(card).findByTestId('verified-mobile')).toHaveTextContent('+91 98765 43210');
    expect(bodyOf(fetchMock, '/api/account/mobile/verify')).toEqual({ mobile: '919876543210', code: '123456' });
    const choices = within(card).getByRole('group', { name: 'SMS I want' });
    await user.click(within(choices).getByLabelText('Application received'));
    await user.click(within(card).getByRole('button', { name: 'Save SMS choices' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, '/api/account/sms-preferences')).toEqual({ sms_opted_out: ['application_submitted'] }),
    );
    expect(within(choices).queryByLabelText('One-time codes')).not.toBeInTheDocument();
    expect(within(card).getByText(/Always sent: One-time codes/)).toBeInTheDocument();
  });

  it('refuses a number that is not an Indian mobile before sending, and says a wrong code in the form', async () => {
    const { card, fetchMock } = await openCard(
      stubMobile({
        verify: () =>
          jsonResponse(422, {
            detail: 'That code is not correct, or it has expired.',
            code: 'invalid_code',
            errors: [{ path: 'body.code', message: 'That code is not correct, or it has expired.' }],
          }),
      }),
    );
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('Mobile number'), '12345');
    await user.click(within(card).getByRole('button', { name: 'Send a code' }));
    expect((await screen.findAllByText('Enter a 10-digit Indian mobile number')).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/account/mobile/code')).toBe(false);
    await user.clear(within(card).getByLabelText('Mobile number'));
    await user.type(within(card).getByLabelText('Mobile number'), '9876543210');
    await user.click(within(card).getByRole('button', { name: 'Send a code' }));
    await user.type(await within(card).findByLabelText('Code'), '000000');
    await user.click(within(card).getByRole('button', { name: 'Verify number' }));
    expect(await within(card).findByText('That code is not correct, or it has expired.')).toBeInTheDocument();
  });
});
