// The profile says whether its bank account is verified for refunds, and that changing it clears the verification.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicantFixture } from '../../../test/fixtures';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

async function openProfile(bankVerifiedAt: string | null) {
  signedInAs('entrepreneur');
  stubFetch((url) =>
    url === '/api/applicants/me'
      ? jsonResponse(200, applicantFixture({ bank_verified_at: bankVerifiedAt }))
      : jsonResponse(200, []),
  );
  renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Applicant Profile' });
  return screen.findByTestId('bank-verification');
}

describe('bank details verified for refunds', () => {
  it('says when a finance officer verified them, and that a change clears it', async () => {
    const note = await openProfile('2026-04-05T06:00:00.000Z');
    expect(note).toHaveTextContent('Bank details verified for refunds on 5 Apr 2026.');
    expect(note).toHaveTextContent('Changing the bank name, account number or IFSC clears the verification');
  });

  it('says they are not verified yet', async () => {
    const note = await openProfile(null);
    expect(note).toHaveTextContent('Bank details not yet verified for refunds');
  });
});
