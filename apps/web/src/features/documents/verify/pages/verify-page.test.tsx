// The public verify page a document's QR code opens: the status in words and colour (valid, superseded with what
// replaced it, revoked), the document's facts and who signed it, the issued file's SHA-256, the unknown and
// rate-limited answers, and the check of a chosen or dropped copy: hashed in the browser, and its signatures checked
// by the portal, in each state the portal answers, in Hindi and Telugu too. /verify alone checks a file.
import { createHash } from 'node:crypto';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CheckedFile, CheckedSignature, VerifiedDocument } from '@portal/contract';
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
    signature: { signer: 'DEMO Industrial Infrastructure Corporation document signing', demo: true },
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
    expect(detail('Digitally signed by')).toBe(
      'DEMO Industrial Infrastructure Corporation document signing (a DEMO certificate, not for real use)',
    );
  });

  it('names the signer of a document signed with a real certificate, and says when one was not signed', async () => {
    openVerify(() => jsonResponse(200, document({ signature: { signer: 'TSIIC Document Signing', demo: false } })));
    await statusRegion();
    expect(detail('Digitally signed by')).toBe('TSIIC Document Signing');
  });

  it('says a document issued before documents were signed is not signed', async () => {
    openVerify(() => jsonResponse(200, document({ signature: null })));
    await statusRegion();
    expect(detail('Digitally signed by')).toBe(
      'Not digitally signed (issued before the Corporation signed its documents)',
    );
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
    fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files: [file] } });
    expect(await screen.findByText(/^Does not match: other\.pdf/)).toBeInTheDocument();
  });
});

const CORPORATION: CheckedSignature = {
  signer: 'DEMO Industrial Infrastructure Corporation document signing',
  state: 'valid',
  covers_whole_file: true,
  by_corporation: true,
  demo: true,
  signed_at: '2026-03-05T10:00:00Z',
};

function checked(overrides: Partial<CheckedFile> = {}): CheckedFile {
  return {
    signature: 'valid',
    signatures: [CORPORATION],
    demo: true,
    issued: {
      verification_code: CODE,
      kind: 'provisional_allotment_letter',
      document_number: 'ALT-2026-000003',
      status: 'valid',
    },
    sha256: ISSUED_SHA256,
    ...overrides,
  };
}

describe('the check of a file', () => {
  /** Opens `path` with the portal answering the check of a file `answer` (and the code's look-up as usual). */
  function openWithCheck(path: string, answer: () => Response) {
    const bodies: unknown[] = [];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/verify' && init.method === 'POST') {
        bodies.push(init.body);
        return answer();
      }
      return url === `/api/verify/${CODE}` ? jsonResponse(200, document()) : jsonResponse(404, {});
    });
    renderApp(path);
    return { fetchMock, bodies };
  }

  const choose = async (file: File) => {
    await userEvent.setup().upload(await screen.findByLabelText(/Choose a PDF file/), file);
  };
  const letter = (name = 'letter.pdf', bytes = ISSUED_BYTES) => new File([bytes], name, { type: 'application/pdf' });
  const verdictOf = async (text: RegExp) => (await screen.findByText(text)).closest('[data-signature]');

  it('sends the PDF to the portal and says a genuine copy is signed by the Corporation and is this document', async () => {
    const { bodies } = openWithCheck(`/verify/${CODE}`, () => jsonResponse(200, checked()));
    await statusRegion();
    await choose(letter());
    const verdict = await verdictOf(/^Genuine: letter\.pdf is signed by the Corporation/);
    expect(verdict).toHaveAttribute('data-signature', 'valid');
    expect(verdict).toHaveClass('bg-green-50');
    expect(verdict).toHaveTextContent('Signed by the Corporation.');
    expect(verdict).toHaveTextContent('It is exactly the document this page is about.');
    expect(verdict).toHaveTextContent('signed with a DEMO certificate');
    // The raw PDF, as the portal reads it.
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toBeInstanceOf(Blob);
    expect((bodies[0] as Blob).type).toBe('application/pdf');
    // The copy's own hash still matches the issued file's.
    expect(screen.getByText(/^Matches: letter\.pdf/).closest('[data-matches]')).toHaveAttribute('data-matches', 'true');
  });

  it('says an edited copy is not genuine and is no issued document', async () => {
    openWithCheck(`/verify/${CODE}`, () =>
      jsonResponse(
        200,
        checked({
          signature: 'altered',
          signatures: [{ ...CORPORATION, state: 'altered' }],
          issued: null,
          sha256: 'ab'.repeat(32),
        }),
      ),
    );
    await statusRegion();
    await choose(letter('edited.pdf', `${ISSUED_BYTES} edited`));
    const verdict = await verdictOf(/^Not genuine: edited\.pdf has been changed since it was signed\./);
    expect(verdict).toHaveAttribute('data-signature', 'altered');
    expect(verdict).toHaveClass('bg-red-50');
    expect(verdict).toHaveTextContent('It is not exactly any document the portal issued.');
    expect(screen.getByText(/^Does not match: edited\.pdf/)).toBeInTheDocument();
  });

  it('says a copy signed with a certificate the Corporation does not trust is not genuine, and not DEMO', async () => {
    openWithCheck('/verify', () =>
      jsonResponse(
        200,
        checked({
          signature: 'untrusted',
          signatures: [
            { ...CORPORATION, signer: 'Forged Signing Key', state: 'untrusted', by_corporation: false, demo: false },
          ],
          demo: false,
          issued: null,
        }),
      ),
    );
    await choose(letter('forged.pdf'));
    const verdict = await verdictOf(/^Not genuine: forged\.pdf carries a signature the Corporation does not trust\./);
    expect(verdict).toHaveClass('bg-red-50');
    expect(verdict).toHaveTextContent('Signed by Forged Signing Key.');
    expect(verdict).not.toHaveTextContent('DEMO');
  });

  it('says an unsigned copy is not signed, in amber when it is a document issued before signing', async () => {
    openWithCheck('/verify', () =>
      jsonResponse(
        200,
        checked({
          signature: 'missing',
          signatures: [],
          demo: false,
          issued: { ...checked().issued!, status: 'superseded' },
        }),
      ),
    );
    await choose(letter('old.pdf'));
    const verdict = await verdictOf(/^Not signed: old\.pdf carries no digital signature\./);
    expect(verdict).toHaveClass('bg-amber-50');
    expect(verdict).toHaveTextContent(
      'It is exactly the provisional allotment letter ALT-2026-000003 the Corporation issued (status: Superseded).',
    );
    expect(within(verdict as HTMLElement).getByRole('link', { name: 'See its record' })).toHaveAttribute(
      'href',
      `/verify/${CODE}`,
    );
  });

  it('names every signer of an eSigned deed: the Corporation and the allottee', async () => {
    const allottee: CheckedSignature = {
      signer: 'Ravi Kumar',
      state: 'valid',
      covers_whole_file: true,
      by_corporation: false,
      demo: false,
      signed_at: '2026-03-06T09:30:00Z',
    };
    openWithCheck('/verify', () =>
      jsonResponse(200, checked({ signatures: [{ ...CORPORATION, covers_whole_file: false }, allottee] })),
    );
    await choose(letter('lease-deed.pdf'));
    const verdict = await verdictOf(/^Genuine: lease-deed\.pdf/);
    expect(verdict).toHaveTextContent('Signed by the Corporation and by Ravi Kumar.');
    const lines = within(verdict as HTMLElement).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'the Corporation: valid (signed on 5 Mar 2026, 03:30 pm)',
      'Ravi Kumar: valid (signed on 6 Mar 2026, 03:00 pm)',
    ]);
  });

  it('refuses a file over 20 MB without sending it, and says why the portal gave no answer', async () => {
    const { bodies } = openWithCheck('/verify', () =>
      jsonResponse(422, { detail: 'The file is not a PDF', code: 'validation_failed' }),
    );
    const large = letter('scan.pdf');
    Object.defineProperty(large, 'size', { value: 21 * 1024 * 1024 });
    await choose(large);
    expect(
      await screen.findByText('scan.pdf is larger than 20 MB, so the portal cannot check it.'),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await choose(letter('notes.pdf', 'not a pdf'));
    expect(await screen.findByText('notes.pdf is not a PDF file.')).toBeInTheDocument();
  });

  it('asks to wait when the checks from this network are limited', async () => {
    openWithCheck('/verify', () => jsonResponse(429, { detail: 'Too many', code: 'rate_limited' }));
    await choose(letter());
    expect(
      await screen.findByText('Too many files checked from this network. Please wait a minute and try again.'),
    ).toBeInTheDocument();
  });

  it('opens at /verify without a code, with its own heading', async () => {
    openWithCheck('/verify', () => jsonResponse(200, checked()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check a document' })).toBeInTheDocument();
    await choose(letter());
    const verdict = await verdictOf(/^Genuine: letter\.pdf/);
    expect(verdict).toHaveTextContent(
      'It is exactly the provisional allotment letter ALT-2026-000003 the Corporation issued (status: Valid).',
    );
    expect(screen.queryByText(/^Matches:/)).not.toBeInTheDocument();
  });

  it.each([
    ['hi', hi],
    ['te', te],
  ] as const)('says in %s that an edited copy is not genuine and a genuine one is', async (language, words) => {
    let answer = checked({ signature: 'altered', signatures: [{ ...CORPORATION, state: 'altered' }], issued: null });
    openWithCheck('/verify', () => jsonResponse(200, answer));
    await changeLanguage(language);
    try {
      expect(await screen.findByRole('heading', { level: 1, name: words.fileTitle })).toBeInTheDocument();
      const input = screen.getByLabelText(new RegExp(words.check.choose));
      await userEvent.setup().upload(input, letter('edited.pdf'));
      const altered = words.check.verdict.altered.replace('{{name}}', 'edited.pdf');
      expect(await screen.findByText(altered)).toBeInTheDocument();
      expect(screen.getByText(words.check.notIssued)).toBeInTheDocument();

      answer = checked();
      await userEvent.setup().upload(input, letter('letter.pdf'));
      expect(await screen.findByText(words.check.verdict.valid.replace('{{name}}', 'letter.pdf'))).toBeInTheDocument();
      expect(
        screen.getByText(words.check.signedByOne.replace('{{first}}', words.check.corporation)),
      ).toBeInTheDocument();
      expect(screen.getByText(words.check.demo)).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
