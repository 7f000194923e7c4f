// Bank statements (finance): a statement uploaded through the multipart upload with its progress, the import's report
// line by line; the same file again said plainly with the earlier report; past imports listed and their report
// opened; the screen only for finance.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatementImport } from '@portal/contract';
import { jsonResponse, pageResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

const REPORT: StatementImport = {
  id: 'a0000000-0000-4000-8000-000000000001',
  file_name: 'april.csv',
  file_sha256: 'ab'.repeat(32),
  imported_by: '00000000-0000-4000-8000-000000000006',
  imported_by_name: 'Meera Iyer',
  imported_at: '2026-04-07T06:00:00.000Z',
  rows_total: 4,
  matched: 1,
  unmatched: 1,
  duplicates: 0,
  malformed: 1,
  skipped: 1,
  matched_amount: 11800,
  unmatched_amount: 199000,
  rows: [
    {
      row: 5,
      outcome: 'matched',
      code: null,
      field: null,
      bank_reference: 'SBIN0001',
      value_date: '2026-04-01',
      amount: 11800,
      challan_number: 'CHL-2026-000001',
      invoice_number: 'INV-2026-000001',
      bank_credit_id: 'b1000000-0000-4000-8000-000000000001',
    },
    {
      row: 6,
      outcome: 'unmatched',
      code: 'amount_mismatch',
      field: null,
      bank_reference: 'HDFC0002',
      value_date: '2026-04-01',
      amount: 199000,
      challan_number: 'CHL-2026-000002',
      invoice_number: null,
      bank_credit_id: 'b1000000-0000-4000-8000-000000000002',
    },
    {
      row: 7,
      outcome: 'debit',
      code: null,
      field: null,
      bank_reference: 'CHQ1',
      value_date: '2026-04-02',
      amount: 118,
      challan_number: null,
      invoice_number: null,
      bank_credit_id: null,
    },
    {
      row: 8,
      outcome: 'malformed',
      code: 'bad_date',
      field: 'Value Date',
      bank_reference: 'X1',
      value_date: null,
      amount: null,
      challan_number: null,
      invoice_number: null,
      bank_credit_id: null,
    },
  ],
};
const { rows: _rows, ...SUMMARY } = REPORT;

/** Just enough of XMLHttpRequest for the upload: progress, then the answer set for the test. */
class FakeXhr {
  static answer: { status: number; body: unknown } = { status: 201, body: REPORT };
  static sent: { url: string; body: unknown }[] = [];
  url = '';
  status = 0;
  responseType = '';
  response: unknown = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    FakeXhr.sent.push({ url: this.url, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.response = this.responseText;
      this.onload?.();
    }, 0);
  }
  abort() {
    this.onabort?.();
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  FakeXhr.answer = { status: 201, body: REPORT };
});

function stubImports() {
  return stubFetch((url) => {
    if (url.startsWith('/api/bank-statements?')) return pageResponse([SUMMARY]);
    if (url === `/api/bank-statements/${REPORT.id}`) return jsonResponse(200, REPORT);
    return pageResponse([]);
  });
}

const statementFile = () =>
  new File(['Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance\r\n'], 'april.csv', {
    type: 'text/csv',
  });

describe('bank statements page', () => {
  it('uploads a statement and shows what became of each line', async () => {
    const user = userEvent.setup();
    stubImports();
    signedInAs('finance');
    renderApp('/finance/bank-statements');
    await user.upload(await screen.findByLabelText(/Statement file \(CSV\)/), statementFile());
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    expect(await screen.findByRole('heading', { name: 'Statement imported' })).toBeInTheDocument();
    const report = screen.getByRole('region', { name: 'Report of april.csv' });
    expect(FakeXhr.sent.map((sent) => sent.url)).toEqual(['/api/bank-statements']);
    expect((FakeXhr.sent[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    const table = within(report).getByRole('region', { name: 'What became of each line of the statement' });
    const line = (n: string) => within(table).getByRole('cell', { name: n }).closest('tr')!;
    expect(within(line('5')).getByText('Paid invoice INV-2026-000001')).toBeInTheDocument();
    expect(within(line('6')).getByText("The amount differs from the challan's")).toBeInTheDocument();
    expect(within(line('7')).getByText('Money going out: skipped')).toBeInTheDocument();
    expect(within(line('8')).getByText('Not a date as dd/mm/yyyy (column Value Date)')).toBeInTheDocument();
  });

  it('says a file imported before changed nothing, with its earlier report', async () => {
    const user = userEvent.setup();
    stubImports();
    FakeXhr.answer = {
      status: 409,
      body: { detail: 'This statement was imported already', code: 'statement_already_imported', import: REPORT },
    };
    signedInAs('finance');
    renderApp('/finance/bank-statements');
    await user.upload(await screen.findByLabelText(/Statement file \(CSV\)/), statementFile());
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('This file was imported before. Nothing was changed; its report is below.'),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('heading', { name: 'Report of april.csv' })).toBeInTheDocument();
  });

  it('asks for a file before uploading', async () => {
    const user = userEvent.setup();
    stubImports();
    signedInAs('finance');
    renderApp('/finance/bank-statements');
    await user.click(await screen.findByRole('button', { name: 'Import statement' }));
    expect(await screen.findByText('Choose the statement file to import.')).toBeInTheDocument();
    expect(FakeXhr.sent).toEqual([]);
  });

  it('lists past imports and opens one of their reports', async () => {
    const user = userEvent.setup();
    stubImports();
    signedInAs('finance');
    renderApp('/finance/bank-statements');
    const imports = await screen.findByRole('region', { name: 'Imported bank statements, newest first' });
    await user.click(within(imports).getByRole('button', { name: 'View the report of april.csv' }));
    expect(await screen.findByRole('heading', { name: 'Report of april.csv' })).toBeInTheDocument();
  });

  it('is not a screen for an administrator', async () => {
    stubImports();
    signedInAs('admin');
    renderApp('/finance/bank-statements');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Import statement' })).not.toBeInTheDocument());
  });
});
