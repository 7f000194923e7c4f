// The public verify page a document's QR code opens: the status in words and colour (valid, superseded with what
// replaced it, revoked), the document's facts, the issued file's SHA-256, the unknown and rate-limited answers, and
// the check of a chosen or dropped copy, hashed in the browser.
import { createHash } from 'node:crypto';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VerifiedDocument } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import hi from '../i18n/hi.json';
import te from '../i18n/te.json';

const CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ23';
const ISSUED_BYTES = '%PDF-1.7 the issued letter';
const ISSUED_SHA256 = createHash('sha256').update(ISSUED_BYTES).digest('hex');

function document(overrides: Partial<VerifiedDocument> = {}): VerifiedDocument {
  return {
    verification_code: CODE,
    kind: 'provisional_allotment_letter',
    document_number: 'ALT-2026-000003',
    holder_name: 'Kumar Precision Components Pvt Ltd',
    asset_code: 'HYD-PL-002',
    issued_at: '2026-03-05T10:00:00Z',
    language: 'en',
    status: 'valid',
    superseded_by: null,
    revoked_at: null,
    sha256: ISSUED_SHA256,
    facts: {
      allotment_number: 'ALT-2026-000003',
      application_number: 'APP-2026-000007',
      allotment_date: '2026-03-05',
      expiry_date: '2026-09-05',
      asset_type: 'plot',
      location: 'Patancheru IDA, Hyderabad North',
      area: 1125,
      area_unit: 'sqm',
    },
    ...overrides,
  };
}

function openVerify(answer: () => Response) {
  const fetchMock = stubFetch((url) => (url === `/api/verify/${CODE}` ? answer() : jsonResponse(404, {})));
  renderApp(`/verify/${CODE}`);
  return fetchMock;
}

const statusRegion = () => screen.findByRole('region', { name: /^(Valid|Superseded|Revoked)$/ });
const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('verify page', () => {
  it('shows a current letter as valid, in green, with its facts and the SHA-256 of the issued file, without sign-in', async () => {
    openVerify(() => jsonResponse(200, document()));
    const status = await statusRegion();
    expect(status).toHaveAttribute('data-status', 'valid');
    expect(status).toHaveClass('bg-green-50');
    expect(within(status).getByRole('heading', { name: 'Valid' })).toBeInTheDocument();
    expect(status).toHaveTextContent('This document was issued by the Corporation and is in force.');
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a document' })).toBeInTheDocument();
    expect(detail('Document')).toBe('Provisional allotment letter');
    expect(detail('Number')).toBe('ALT-2026-000003');
    expect(detail('Issued to')).toBe('Kumar Precision Components Pvt Ltd');
    expect(detail('Asset')).toBe('HYD-PL-002');
    expect(detail('Valid until')).toBe('5 Sept 2026');
    expect(detail('Area (sq m)')).toBe('1,125');
    expect(detail('Location and zone')).toBe('Patancheru IDA, Hyderabad North');
    expect(screen.getByTestId('issued-sha256')).toHaveTextContent(ISSUED_SHA256);
  });

  it('shows a receipt amount in figures and words', async () => {
    openVerify(() =>
      jsonResponse(
        200,
        document({
          kind: 'payment_receipt',
          document_number: 'RCP-2026-000042',
          facts: { receipt_number: 'RCP-2026-000042', amount: 105000, invoice_type: 'emd' },
        }),
      ),
    );
    await statusRegion();
    expect(detail('Amount')).toBe('₹1,05,000 (Rupees One Lakh Five Thousand Only)');
    expect(detail('Towards')).toBe('Earnest money deposit (EMD)');
  });

  it('shows a provisional letter after the final one as superseded, in amber, naming the final letter', async () => {
    openVerify(() =>
      jsonResponse(
        200,
        document({
          status: 'superseded',
          superseded_by: {
            kind: 'final_allotment_letter',
            document_number: 'ALT-2026-000003',
            issued_at: '2026-04-01T10:00:00Z',
          },
        }),
      ),
    );
    const status = await statusRegion();
    expect(status).toHaveAttribute('data-status', 'superseded');
    expect(status).toHaveClass('bg-amber-50');
    expect(within(status).getByRole('heading', { name: 'Superseded' })).toBeInTheDocument();
    expect(status).toHaveTextContent(
      'This document has been replaced by the final allotment letter ALT-2026-000003, issued on 1 Apr 2026.',
    );
  });

  it('says superseded before the final letter is issued, and revoked in red', async () => {
    openVerify(() =>
      jsonResponse(
        200,
        document({
          status: 'superseded',
          superseded_by: { kind: 'final_allotment_letter', document_number: 'ALT-2026-000003', issued_at: null },
        }),
      ),
    );
    expect(await statusRegion()).toHaveTextContent(
      'This document has been replaced by the final allotment letter ALT-2026-000003.',
    );
  });

  it('shows a revoked document in red with the date it was withdrawn', async () => {
    openVerify(() => jsonResponse(200, document({ status: 'revoked', revoked_at: '2026-04-02T06:30:00Z' })));
    const status = await statusRegion();
    expect(status).toHaveAttribute('data-status', 'revoked');
    expect(status).toHaveClass('bg-red-50');
    expect(status).toHaveTextContent('withdrawn by the Corporation on 2 Apr 2026');
  });

  it("names an extension of time order and what it ordered: the milestone's new and previous due dates", async () => {
    openVerify(() =>
      jsonResponse(
        200,
        document({
          kind: 'extension_order',
          document_number: 'ORD-2026-000012',
          facts: {
            order_number: 'ORD-2026-000012',
            request_number: 'SR-2026-000031',
            allotment_number: 'ALT-2026-000003',
            milestone: 'commence_construction',
            previous_due_on: '2027-03-14',
            due_on: '2028-03-14',
            asset_type: 'plot',
            location: 'Patancheru IDA, Hyderabad North',
          },
        }),
      ),
    );
    await statusRegion();
    expect(detail('Document')).toBe('Extension of time order');
    expect(detail('Order number')).toBe('ORD-2026-000012');
    expect(detail('Request number')).toBe('SR-2026-000031');
    expect(detail('Milestone')).toBe('Construction to commence');
    expect(detail('Due before')).toBe('14 Mar 2027');
    expect(detail('Now due on')).toBe('14 Mar 2028');
  });

  it.each([
    {
      kind: 'transfer_order' as const,
      name: 'Transfer order',
      facts: { transferor: 'Kumar Precision Components Pvt Ltd', transferee: 'Haritha Agro Exports' },
      rows: { 'Transferred by': 'Kumar Precision Components Pvt Ltd', 'Transferred to': 'Haritha Agro Exports' },
    },
    {
      kind: 'change_order' as const,
      name: 'Change order',
      facts: { changed: 'constitution' as const, new_value: 'Private limited company' },
      rows: { 'What changed': 'Constitution', 'Changed to': 'Private limited company' },
    },
    {
      kind: 'mortgage_noc' as const,
      name: 'No objection certificate for mortgage',
      facts: { lender: 'State Bank of India', loan_amount: 2_500_000 },
      rows: { Lender: 'State Bank of India', 'Loan amount': '₹25,00,000 (Rupees Twenty Five Lakh Only)' },
    },
    {
      kind: 'subletting_permission' as const,
      name: 'Subletting permission',
      facts: { sub_lessee: 'Godavari Logistics', sublet_area: 250, area_unit: 'sqm' as const, months: 36 },
      rows: { 'Sub-lessee': 'Godavari Logistics', 'Area sublet (sq m)': '250', Period: '36 months' },
    },
    {
      kind: 'surrender_acceptance' as const,
      name: 'Acceptance of surrender',
      facts: { ended_on: '2026-11-20' },
      rows: { 'Allotment ended on': '20 Nov 2026' },
    },
    {
      kind: 'show_cause_notice' as const,
      name: 'Show-cause notice',
      facts: { reply_by: '2026-12-26' },
      rows: { 'Reply by': '26 Dec 2026' },
    },
    {
      kind: 'cancellation_order' as const,
      name: 'Order on a show-cause notice',
      facts: { outcome: 'dropped' as const },
      rows: { Decision: 'Notice dropped' },
    },
    {
      kind: 'no_dues_certificate' as const,
      name: 'No-dues certificate',
      facts: { allotment_number: 'ALT-2026-000007', as_on: '2026-11-26' },
      rows: { 'Allotment number': 'ALT-2026-000007', 'No dues as on': '26 Nov 2026' },
    },
  ])('names a $kind and its facts', async ({ kind, name, facts, rows }) => {
    openVerify(() => jsonResponse(200, document({ kind, document_number: 'ORD-2026-000013', facts })));
    await statusRegion();
    expect(detail('Document')).toBe(name);
    for (const [label, value] of Object.entries(rows)) expect(detail(label), label).toBe(value);
  });

  it('shows a letter issued before a transfer as superseded by the transfer order, issued or not yet', async () => {
    openVerify(() =>
      jsonResponse(
        200,
        document({
          status: 'superseded',
          superseded_by: { kind: 'transfer_order', document_number: 'ORD-2026-000014', issued_at: null },
        }),
      ),
    );
    expect(await statusRegion()).toHaveTextContent(
      'This document has been replaced by the transfer order ORD-2026-000014.',
    );
  });

  it.each([
    ['hi', hi],
    ['te', te],
  ] as const)('names an order and its facts in %s', async (language, words) => {
    openVerify(() =>
      jsonResponse(
        200,
        document({
          kind: 'cancellation_order',
          document_number: 'SCN-2026-000002',
          facts: { allotment_number: 'ALT-2026-000003', outcome: 'cancelled' },
        }),
      ),
    );
    await statusRegion();
    await changeLanguage(language);
    try {
      expect(await screen.findByText(words.fields.outcome, { selector: 'dt' })).toBeInTheDocument();
      expect(detail(words.fields.kind)).toBe(words.kinds.cancellation_order);
      expect(detail(words.fields.outcome)).toBe(words.outcomes.cancelled);
    } finally {
      await changeLanguage('en');
    }
  });

  it('says so for an unknown code, and asks to wait when the look-ups are limited', async () => {
    openVerify(() => jsonResponse(404, { detail: 'No document has this verification code', code: 'not_found' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No document has this verification code.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('asks to wait when rate limited, and tries again', async () => {
    let calls = 0;
    openVerify(() =>
      ++calls === 1 ? jsonResponse(429, { detail: 'Too many', code: 'rate_limited' }) : jsonResponse(200, document()),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many look-ups from this network.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await statusRegion()).toHaveAttribute('data-status', 'valid');
  });

  it('opens for a signed-in user too', async () => {
    signedInAs('entrepreneur');
    openVerify(() => jsonResponse(200, document()));
    expect(await statusRegion()).toHaveAttribute('data-status', 'valid');
  });

  it('says a chosen copy matches when its SHA-256 is the issued one, and not when one byte differs', async () => {
    openVerify(() => jsonResponse(200, document()));
    await statusRegion();
    const user = userEvent.setup();
    const input = screen.getByLabelText(/Choose a PDF file/);
    await user.upload(input, new File([ISSUED_BYTES], 'letter.pdf', { type: 'application/pdf' }));
    const result = await screen.findByText(/^Matches: letter\.pdf is exactly the document issued\./);
    expect(result.closest('[data-matches]')).toHaveAttribute('data-matches', 'true');

    const tampered = ISSUED_BYTES.replace('issued', 'issueD');
    await user.upload(input, new File([tampered], 'tampered.pdf', { type: 'application/pdf' }));
    const mismatch = await screen.findByText(/^Does not match: tampered\.pdf is not the document issued\./);
    expect(mismatch.closest('[data-matches]')).toHaveAttribute('data-matches', 'false');
    expect(screen.getByRole('status')).toHaveTextContent(createHash('sha256').update(tampered).digest('hex'));
  });

  it('checks a dropped copy', async () => {
    openVerify(() => jsonResponse(200, document()));
    await statusRegion();
    const file = new File(['not the letter'], 'other.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByTestId('hash-drop-zone'), { dataTransfer: { files: [file] } });
    expect(await screen.findByText(/^Does not match: other\.pdf/)).toBeInTheDocument();
  });
});
