// Refunds (finance): the refunds due with Prepare and Verify bank details (the account masked); Approve and Reject
// offered only to someone other than the maker, the server's maker-checker and unverified-bank refusals worded in
// the dialog; Mark paid with the UTR and the day; and no such screen for an entrepreneur.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REFUND_KINDS, REFUND_STATUSES, type Refund, type RefundDue } from '@portal/contract';
import { jsonResponse, pageResponse, renderApp, signedInAs, stubFetch, userFor } from '../../../../test/render-app';
import catalogue from '../i18n/en.json';

const DUE: RefundDue = {
  kind: 'emd',
  application_id: 'c0000000-0000-4000-8000-000000000001',
  application_number: 'APP-2026-000001',
  allotment_id: null,
  allotment_number: null,
  reason: 'withdrawn',
  amount: 200000,
  payee_user_id: 'a0000000-0000-4000-8000-000000000001',
  payee_name: 'Ravi Kumar',
  applicant_id: 'b0000000-0000-4000-8000-000000000001',
  organization_name: 'Krishna Castings',
  bank_verified: false,
  due_since: '2026-04-02T06:00:00.000Z',
};

const OTHER_MAKER = 'f0000000-0000-4000-8000-000000000009';
const refund = (id: string, number: string, preparedBy: string, status: Refund['status'] = 'prepared'): Refund => ({
  id,
  refund_number: number,
  kind: 'emd',
  status,
  amount: 200000,
  application_id: DUE.application_id,
  application_number: DUE.application_number,
  allotment_id: null,
  allotment_number: null,
  applicant_id: DUE.applicant_id,
  payee_user_id: DUE.payee_user_id,
  payee_name: 'Ravi Kumar',
  organization_name: 'Krishna Castings',
  note: null,
  prepared_by: preparedBy,
  prepared_by_name: 'Somebody',
  prepared_at: '2026-04-03T06:00:00.000Z',
  approved_by: status === 'approved' ? OTHER_MAKER : null,
  approved_by_name: status === 'approved' ? 'Another Officer' : null,
  approved_at: status === 'approved' ? '2026-04-04T06:00:00.000Z' : null,
  rejected_by: null,
  rejected_at: null,
  rejection_reason: null,
  paid_by: null,
  paid_at: null,
  utr: null,
  bank: {
    bank_name: 'State Bank of India',
    bank_account_masked: 'XXXXXXX6789',
    bank_ifsc: 'SBIN0001234',
    verified_at: '2026-04-03T07:00:00.000Z',
  },
});
const MINE = refund('d0000000-0000-4000-8000-000000000001', 'RFD-2026-000001', userFor('finance').id);
const THEIRS = refund('d0000000-0000-4000-8000-000000000002', 'RFD-2026-000002', OTHER_MAKER);
const APPROVED = refund('d0000000-0000-4000-8000-000000000003', 'RFD-2026-000003', OTHER_MAKER, 'approved');

function stubRefunds({ approve }: { approve?: () => Response } = {}) {
  const fetchMock = stubFetch((url, init) => {
    if (url.startsWith('/api/refunds/due')) return pageResponse([DUE]);
    if (url.startsWith('/api/refunds?') && url.includes('status=prepared')) return pageResponse([MINE, THEIRS]);
    if (url.startsWith('/api/refunds?') && url.includes('status=approved')) return pageResponse([APPROVED]);
    if (url.endsWith('/bank-verification') && init.method === 'PUT')
      return jsonResponse(200, { applicant_id: DUE.applicant_id, verified_at: '2026-04-05T06:00:00.000Z' });
    if (url.endsWith('/bank-verification'))
      return jsonResponse(200, {
        applicant_id: DUE.applicant_id,
        bank_name: 'State Bank of India',
        bank_account_masked: 'XXXXXXX6789',
        bank_ifsc: 'SBIN0001234',
        verified_at: null,
        verified_by: null,
      });
    if (init.method === 'POST' && url.endsWith('/approve'))
      return approve?.() ?? jsonResponse(200, { ...THEIRS, status: 'approved' });
    if (init.method === 'POST' && url.endsWith('/paid')) return jsonResponse(200, { ...APPROVED, status: 'paid' });
    if (init.method === 'POST' && url === '/api/refunds') return jsonResponse(201, MINE);
    return pageResponse([]);
  });
  const calls = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === method)
      .map(([url, init]) => [String(url), JSON.parse(String(init?.body ?? '{}'))] as const);
  return { fetchMock, calls };
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('refunds page', () => {
  it('words every kind and status of the contract', () => {
    expect(Object.keys(catalogue.kinds).sort()).toEqual([...REFUND_KINDS].sort());
    expect(Object.keys(catalogue.lists).sort()).toEqual([...REFUND_STATUSES].sort());
    expect(Object.keys(catalogue.tabs).sort()).toEqual(['due', ...REFUND_STATUSES].sort());
  });

  it('prepares a due refund for the amount the rules computed, and verifies the bank account shown masked', async () => {
    const user = userEvent.setup();
    const { calls } = stubRefunds();
    signedInAs('finance');
    renderApp('/finance/refunds');
    const table = await screen.findByRole('region', { name: 'Refunds due and not yet prepared' });
    const row = rowOf(table, DUE.application_number);
    expect(within(row).getByText('Application withdrawn')).toBeInTheDocument();
    expect(within(row).getByText('₹2,00,000')).toBeInTheDocument();
    expect(within(row).getByText('Not verified')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Verify the bank details of ${DUE.payee_name}` }));
    const verify = await screen.findByRole('dialog', { name: `Verify the bank details of ${DUE.payee_name}` });
    expect(await within(verify).findByText('XXXXXXX6789')).toBeInTheDocument();
    await user.click(within(verify).getByRole('button', { name: 'Mark verified' }));
    await waitFor(() =>
      expect(calls('PUT').map(([url]) => url)).toEqual([`/api/applicants/${DUE.applicant_id}/bank-verification`]),
    );

    await user.click(within(row).getByRole('button', { name: `Prepare the refund of ${DUE.application_number}` }));
    const prepare = await screen.findByRole('dialog', { name: 'Prepare a refund of ₹2,00,000' });
    await user.click(within(prepare).getByRole('button', { name: 'Prepare refund' }));
    await waitFor(() =>
      expect(calls('POST')).toEqual([['/api/refunds', { application_id: DUE.application_id, kind: 'emd' }]]),
    );
  });

  it("offers Approve and Reject only on another maker's refund, and words the server's refusals", async () => {
    const user = userEvent.setup();
    const { calls } = stubRefunds({
      approve: () => jsonResponse(409, { detail: 'not verified', code: 'bank_not_verified' }),
    });
    signedInAs('finance');
    renderApp('/finance/refunds?view=prepared');
    const table = await screen.findByRole('region', { name: 'Refunds waiting for approval' });
    expect(within(rowOf(table, MINE.refund_number)).queryByRole('button')).not.toBeInTheDocument();
    const theirs = rowOf(table, THEIRS.refund_number);
    expect(within(theirs).getByRole('button', { name: `Reject refund ${THEIRS.refund_number}` })).toBeInTheDocument();
    await user.click(within(theirs).getByRole('button', { name: `Approve refund ${THEIRS.refund_number}` }));
    const dialog = await screen.findByRole('dialog', { name: `Approve refund ${THEIRS.refund_number}` });
    expect(within(dialog).getByText(/paid to account XXXXXXX6789/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve refund' }));
    expect(
      await within(dialog).findByText("The payee's bank details are not verified yet: verify them first."),
    ).toBeInTheDocument();
    expect(calls('POST').map(([url]) => url)).toEqual([`/api/refunds/${THEIRS.id}/approve`]);
  });

  it('marks an approved refund paid with the UTR and the day', async () => {
    const user = userEvent.setup();
    const { calls } = stubRefunds();
    signedInAs('finance');
    renderApp('/finance/refunds?view=approved');
    const table = await screen.findByRole('region', { name: 'Refunds approved and waiting to be paid' });
    await user.click(
      within(rowOf(table, APPROVED.refund_number)).getByRole('button', {
        name: `Mark refund ${APPROVED.refund_number} paid`,
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Record the payment of refund ${APPROVED.refund_number}`,
    });
    // Empty: both fields are named.
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findAllByText('Enter the bank reference (UTR).')).not.toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'SBIN26040512345');
    await user.type(within(dialog).getByRole('textbox', { name: /Paid on/ }), '05/04/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(calls('POST')).toEqual([
        [`/api/refunds/${APPROVED.id}/paid`, { utr: 'SBIN26040512345', paid_on: '2026-04-05' }],
      ]),
    );
  });

  it('is not a screen for an entrepreneur', async () => {
    stubFetch();
    signedInAs('entrepreneur');
    renderApp('/finance/refunds');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Refunds' })).not.toBeInTheDocument());
  });
});
