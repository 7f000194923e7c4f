import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  addCalendarDays,
  amountDueOn,
  businessToday,
  type BankCredit,
  type Challan,
  type StatementImport,
} from '@portal/contract';
import { CALENDAR } from '../../../core/business-calendar';
import { auditLog, bankCredits, challans, invoices, ledgerEntries, payments } from '../../../db/schema';
import type { InvoiceRow } from '../../../repositories/invoices';
import { createTestContext, multipart, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, insertTestInvoices } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const utr = (tag: string) => `${tag}${crypto.randomBytes(5).toString('hex').toUpperCase()}`;

/** A statement as the bank exports it: the account's lines, then the table. */
function statement(lines: string[]): string {
  return [
    'Account Name :,INDUSTRIAL INFRASTRUCTURE CORPORATION COLLECTIONS',
    'Account Number :,00000041234567890',
    '',
    'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
    ...lines,
    '',
  ].join('\r\n');
}

describe(`challans and bank reconciliation (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let finance: string;
  let owner: { token: string; userId: string; email: string };
  let stranger: { token: string };

  const post = (token: string, url: string, payload?: object) =>
    ctx.request(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const upload = (token: string, text: string, name = 'statement.csv') =>
    ctx.request(token, {
      method: 'POST',
      url: '/api/bank-statements',
      ...multipart({}, { name, bytes: Buffer.from(text) }),
    });

  /** A fresh application of the owner with its two invoices (processing fee 11,800 and EMD 2,00,000). */
  async function ownerInvoices(): Promise<InvoiceRow[]> {
    const application = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
    return insertTestInvoices(ctx, application.id);
  }

  async function raise(invoice: InvoiceRow): Promise<Challan> {
    const response = await post(owner.token, '/api/challans', { invoice_id: invoice.id });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const paymentsOf = (invoiceId: string) => ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
  const invoiceRow = async (id: string) => (await ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const creditByReference = async (reference: string) =>
    (await ctx.db.select().from(bankCredits).where(eq(bankCredits.bankReference, reference)))[0];

  beforeAll(async () => {
    ctx = await createTestContext();
    finance = await ctx.tokenFor('finance');
    owner = await entrepreneurWithProfile(ctx, 'Krishna Castings');
    stranger = await entrepreneurWithProfile(ctx, 'Other Works');
  });
  afterAll(() => ctx.close());

  it("raises one open challan per invoice with the corporation's account, for its owner only", async () => {
    const [fee] = await ownerInvoices();
    const challan = await raise(fee!);
    expect(challan).toMatchObject({ invoice_id: fee!.id, amount: 11_800, interest: 0, status: 'open' });
    expect(challan.challan_number).toMatch(/^CHL-\d{4}-\d{6}$/);
    expect(challan.account.ifsc).toMatch(/^[A-Z]{4}0[A-Z0-9]{6}$/);
    // Asked again while it holds: the same challan.
    expect((await raise(fee!)).id).toBe(challan.id);

    // Another entrepreneur neither raises nor reads it (404), nor sees it in their list; finance reads it.
    expect((await post(stranger.token, '/api/challans', { invoice_id: fee!.id })).statusCode).toBe(404);
    expect((await ctx.request(stranger.token, { method: 'GET', url: `/api/challans/${challan.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.request(stranger.token, { method: 'GET', url: `/api/challans/${challan.id}/challan.pdf` })).statusCode,
    ).toBe(404);
    const theirs = await ctx.request(stranger.token, { method: 'GET', url: '/api/challans' });
    expect(theirs.json()).toEqual([]);
    const mine = await ctx.request(owner.token, { method: 'GET', url: '/api/challans' });
    expect(mine.json().map((row: Challan) => row.id)).toContain(challan.id);
    expect((await ctx.request(finance, { method: 'GET', url: `/api/challans/${challan.id}` })).statusCode).toBe(200);
    // Staff do not raise challans.
    expect((await post(finance, '/api/challans', { invoice_id: fee!.id })).statusCode).toBe(403);
  });

  it('prints the challan as a PDF with its number, the account and the amount in figures and words', async () => {
    const [, emd] = await ownerInvoices();
    const challan = await raise(emd!);
    const response = await ctx.request(owner.token, { method: 'GET', url: `/api/challans/${challan.id}/challan.pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(challan.challan_number);
    expect(text).toContain(challan.account.account_number);
    expect(text).toContain(challan.account.ifsc);
    expect(text).toContain('₹2,00,000 (Rupees Two Lakh Only)');
  });

  it('imports a statement: matched credits pay their invoices, the rest is reported line by line', async () => {
    const [fee, emd] = await ownerInvoices();
    const feeChallan = await raise(fee!);
    const emdChallan = await raise(emd!);
    const refs = { paid: utr('SBIN'), short: utr('HDFC'), none: utr('ICIC'), debit: utr('CHQ') };
    // The payer wrote the number in lower case without its hyphens.
    const quoted = feeChallan.challan_number.toLowerCase().replace(/-/g, ' ');
    const text = statement([
      `01/04/2026,01/04/2026,"NEFT-${refs.paid}-KRISHNA CASTINGS-${quoted}",${refs.paid},,"11,800.00","1,11,800.00"`,
      `01/04/2026,01/04/2026,"RTGS ${emdChallan.challan_number}",${refs.short},,"1,99,000.00","3,10,800.00"`,
      `02/04/2026,02/04/2026,BY CLEARING,${refs.none},,"5,000.00","3,15,800.00"`,
      `02/04/2026,02/04/2026,BANK CHARGES,${refs.debit},"118.00",,"3,15,682.00"`,
      `03/04/2026,03/04/2026,"NEFT REPEATED ${feeChallan.challan_number}",${refs.paid},,"11,800.00","3,27,482.00"`,
      `31/02/2026,31/02/2026,BAD DATE,${utr('X')},,"10.00","1.00"`,
      `03/04/2026,03/04/2026,BAD AMOUNT,${utr('X')},,"12,3x.00","1.00"`,
      `03/04/2026,03/04/2026,NO REFERENCE,,,"50.00","1.00"`,
      `03/04/2026,03/04/2026,TOO FEW COLUMNS`,
    ]);
    const response = await upload(finance, text);
    expect(response.statusCode, response.body).toBe(201);
    const report: StatementImport = response.json();
    expect(report).toMatchObject({
      rows_total: 9,
      matched: 1,
      unmatched: 2,
      duplicates: 1,
      malformed: 4,
      skipped: 1,
      matched_amount: 11_800,
      unmatched_amount: 204_000,
    });
    expect(report.rows.map((row) => [row.row, row.outcome, row.code, row.field])).toEqual([
      [5, 'matched', null, null],
      [6, 'unmatched', 'amount_mismatch', null],
      [7, 'unmatched', 'no_reference', null],
      [8, 'debit', null, null],
      [9, 'duplicate', null, null],
      [10, 'malformed', 'bad_date', 'Txn Date'],
      [11, 'malformed', 'bad_amount', 'Credit'],
      [12, 'malformed', 'missing_reference', 'Ref No./Cheque No.'],
      [13, 'malformed', 'column_count', null],
    ]);
    expect(report.rows[0]).toMatchObject({
      challan_number: feeChallan.challan_number,
      invoice_number: fee!.invoiceNumber,
    });

    // The fee is paid by NEFT/RTGS with the bank's reference, once; its challan is paid; the ledger has the payment.
    expect((await invoiceRow(fee!.id)).status).toBe('paid');
    const [payment, ...more] = await paymentsOf(fee!.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ paymentMethod: 'neft_rtgs', transactionReference: refs.paid, amount: 11_800 });
    const credit = await creditByReference(refs.paid);
    expect(credit).toMatchObject({ status: 'matched', challanId: feeChallan.id, paymentId: payment!.id });
    expect(payment!.bankCreditId).toBe(credit!.id);
    const ledger = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment!.id));
    expect(ledger.map((entry) => [entry.entryType, entry.credit])).toEqual([['payment', 11_800]]);
    const [paidChallan] = await ctx.db.select().from(challans).where(eq(challans.id, feeChallan.id));
    expect(paidChallan!.status).toBe('paid');

    // The short credit and the unquoted one wait unmatched with their reasons; the EMD is unpaid; the debit and the
    // malformed lines left nothing.
    expect(await creditByReference(refs.short)).toMatchObject({
      status: 'unmatched',
      unmatchedReason: 'amount_mismatch',
    });
    expect(await creditByReference(refs.none)).toMatchObject({ status: 'unmatched', unmatchedReason: 'no_reference' });
    expect(await creditByReference(refs.debit)).toBeUndefined();
    expect((await invoiceRow(emd!.id)).status).toBe('pending');
    const credits = await ctx.db.select().from(bankCredits).where(eq(bankCredits.importId, report.id));
    expect(credits).toHaveLength(3);

    // The report reads back, and the import is listed.
    const again = await ctx.request(finance, { method: 'GET', url: `/api/bank-statements/${report.id}` });
    expect(again.json()).toEqual(report);
    const listed = await ctx.request(finance, { method: 'GET', url: '/api/bank-statements' });
    expect(listed.json()[0]).toMatchObject({ id: report.id, matched: 1, malformed: 4 });
    const unmatched = await ctx.request(finance, {
      method: 'GET',
      url: `/api/bank-credits?status=unmatched&q=${refs.short.toLowerCase()}`,
    });
    expect(unmatched.json().map((row: BankCredit) => row.bank_reference)).toEqual([refs.short]);

    // The same file again changes nothing and answers the earlier report.
    const paymentsBefore = (await ctx.db.select().from(payments)).length;
    const creditsBefore = (await ctx.db.select().from(bankCredits)).length;
    const twice = await upload(finance, text, 'statement-again.csv');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'statement_already_imported', import: { id: report.id, matched: 1 } });
    expect((await ctx.db.select().from(payments)).length).toBe(paymentsBefore);
    expect((await ctx.db.select().from(bankCredits)).length).toBe(creditsBefore);

    // The same UTR in another file does not pay twice: it is a duplicate there.
    const other = await upload(
      finance,
      statement([
        `05/04/2026,05/04/2026,"NEFT ${feeChallan.challan_number}",${refs.paid},,"11,800.00","11,800.00"`,
        `05/04/2026,05/04/2026,"SOMETHING ELSE",${utr('UTIB')},,"1.00","11,801.00"`,
      ]),
      'april.csv',
    );
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json()).toMatchObject({ matched: 0, duplicates: 1, unmatched: 1 });
    expect(await paymentsOf(fee!.id)).toHaveLength(1);
    expect((await ctx.db.select().from(payments)).length).toBe(paymentsBefore);
  });

  it('asks a challan to the paisa: its PDF, the credit that matches it and the statement of account all say ₹6,131.60', async () => {
    const application = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
    const [charge] = await ctx.db
      .insert(invoices)
      .values({
        applicationId: application.id,
        invoiceType: 'maintenance_charge',
        amount: 6131.6,
        dueDate: addCalendarDays(businessToday(new Date(), CALENDAR), 20),
        financialYear: 2026,
        billedTo: owner.userId,
        invoiceNumber: `INV-T-${crypto.randomBytes(3).toString('hex')}`,
      })
      .returning();
    const challan = await raise(charge!);
    expect(challan).toMatchObject({ amount: 6131.6, interest: 0 });
    const printed = await ctx.request(owner.token, { method: 'GET', url: `/api/challans/${challan.id}/challan.pdf` });
    const challanText = await pdfText(printed.rawPayload);
    expect(challanText).toContain('₹6,131.60 (Rupees Six Thousand One Hundred Thirty One and Sixty Paise Only)');
    expect(challanText).not.toContain('6,132');

    // The payer transfers exactly what the challan says, and it matches.
    const reference = utr('SBIN');
    const imported = await upload(
      finance,
      statement([`07/04/2026,07/04/2026,"NEFT ${challan.challan_number}",${reference},,"6,131.60","6,131.60"`]),
      `${reference}.csv`,
    );
    expect(imported.json(), imported.body).toMatchObject({ matched: 1, matched_amount: 6131.6, unmatched: 0 });
    expect(await paymentsOf(charge!.id)).toMatchObject([{ amount: 6131.6 }]);

    // The statement of account adds up on its face: the debit, the credit and the balance to the paisa.
    const statementPdf = await ctx.request(owner.token, {
      method: 'GET',
      url: `/api/applications/${application.id}/statement.pdf`,
    });
    expect(statementPdf.statusCode).toBe(200);
    const statementText = await pdfText(statementPdf.rawPayload);
    expect(statementText.match(/6,131\.60/g)?.length).toBeGreaterThanOrEqual(2);
    expect(statementText).not.toContain('6,132');
  });

  it("asks late dues' interest to the challan's valid-until day, and a matched credit pays it with the interest", async () => {
    const application = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
    const dueDate = addCalendarDays(businessToday(new Date(), CALENDAR), -40);
    const [rent] = await ctx.db
      .insert(invoices)
      .values({
        applicationId: application.id,
        invoiceType: 'lease_rent',
        amount: 10_000,
        dueDate,
        financialYear: 2025,
        billedTo: owner.userId,
        invoiceNumber: `INV-T-${crypto.randomBytes(3).toString('hex')}`,
      })
      .returning();
    const challan = await raise(rent!);
    const expected = amountDueOn({ ...rent!, interestWaived: false }, challan.valid_until);
    expect(challan.interest).toBeGreaterThan(0);
    expect(challan).toMatchObject({ interest: expected.interest, amount: expected.total });

    const reference = utr('KKBK');
    const amount = challan.amount.toLocaleString('en-IN', { minimumFractionDigits: 2 });
    const imported = await upload(
      finance,
      statement([
        `07/04/2026,${challan.valid_until.split('-').reverse().join('/')},"NEFT ${challan.challan_number}",${reference},,"${amount}","1.00"`,
      ]),
      `${reference}.csv`,
    );
    expect(imported.json(), imported.body).toMatchObject({ matched: 1 });
    const [payment] = await paymentsOf(rent!.id);
    expect(payment).toMatchObject({ amount: challan.amount, interest: challan.interest });
    const ledger = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment!.id));
    expect(ledger.map((entry) => [entry.entryType, entry.debit, entry.credit]).sort()).toEqual(
      [
        ['interest', challan.interest, 0],
        ['payment', 0, challan.amount],
      ].sort(),
    );
  });

  it('refuses an unreadable statement whole, with nothing written', async () => {
    const creditsBefore = (await ctx.db.select().from(bankCredits)).length;
    const wrongHeader = await upload(finance, 'Date,Narration,Amount\r\n01/04/2026,X,1.00\r\n');
    expect(wrongHeader.statusCode).toBe(422);
    expect(wrongHeader.json().detail).toMatch(/Txn Date/);
    expect((await ctx.db.select().from(bankCredits)).length).toBe(creditsBefore);
  });

  it('lets finance import statements and read credits, but not an entrepreneur', async () => {
    expect(
      (await upload(owner.token, statement([`01/04/2026,01/04/2026,X,${utr('A')},,"1.00","1.00"`]))).statusCode,
    ).toBe(403);
    expect((await ctx.request(owner.token, { method: 'GET', url: '/api/bank-credits' })).statusCode).toBe(403);
    expect((await ctx.request(owner.token, { method: 'GET', url: '/api/bank-statements' })).statusCode).toBe(403);
  });

  describe('settling an unmatched credit (maker-checker)', () => {
    let checker: string;

    beforeAll(async () => {
      const email = `finance-${crypto.randomBytes(4).toString('hex')}@example.com`;
      const admin = await ctx.tokenFor('admin');
      const created = await post(admin, '/api/users', {
        email,
        password: 'Quiet-Harbour-73',
        full_name: 'Second Finance Officer',
        role: 'finance',
      });
      expect(created.statusCode, created.body).toBe(201);
      checker = await ctx.tokenFor(email, 'Quiet-Harbour-73');
    });

    /** An unmatched credit of 2,00,000 (it quotes nothing) and an unpaid EMD invoice of that amount. */
    async function unmatchedCredit(): Promise<{ credit: BankCredit; emd: InvoiceRow }> {
      const [, emd] = await ownerInvoices();
      const reference = utr('PUNB');
      const imported = await upload(
        finance,
        statement([`06/04/2026,06/04/2026,"NEFT KRISHNA CASTINGS EMD",${reference},,"2,00,000.00","2,00,000.00"`]),
        `${reference}.csv`,
      );
      expect(imported.statusCode, imported.body).toBe(201);
      const id = imported.json().rows[0].bank_credit_id as string;
      const credit = await ctx.request(finance, { method: 'GET', url: `/api/bank-credits/${id}` });
      return { credit: credit.json(), emd: emd! };
    }

    it('refuses an invoice of another amount, and its maker as its checker', async () => {
      const { credit, emd } = await unmatchedCredit();
      const [fee] = await ownerInvoices();
      const wrong = await post(finance, `/api/bank-credits/${credit.id}/settlement`, {
        invoice_id: fee!.id,
        note: 'x',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().code).toBe('settlement_amount_mismatch');

      const prepared = await post(finance, `/api/bank-credits/${credit.id}/settlement`, {
        invoice_id: emd.id,
        note: 'The payer quoted the application number instead of the challan',
      });
      expect(prepared.statusCode, prepared.body).toBe(200);
      expect(prepared.json()).toMatchObject({ status: 'settlement_pending', settle_invoice_number: emd.invoiceNumber });

      const byMaker = await post(finance, `/api/bank-credits/${credit.id}/settlement/approve`);
      expect(byMaker.statusCode).toBe(403);
      expect(byMaker.json().code).toBe('maker_cannot_check');
      const rejectByMaker = await post(finance, `/api/bank-credits/${credit.id}/settlement/reject`, { reason: 'no' });
      expect(rejectByMaker.json().code).toBe('maker_cannot_check');
      expect((await creditByReference(credit.bank_reference))!.status).toBe('settlement_pending');
      expect((await invoiceRow(emd.id)).status).toBe('pending');
      expect(await paymentsOf(emd.id)).toEqual([]);

      // A second settlement on a pending credit is refused.
      const twice = await post(finance, `/api/bank-credits/${credit.id}/settlement`, { invoice_id: emd.id, note: 'x' });
      expect(twice.json().code).toBe('bank_credit_state');
    });

    it('pays the invoice once when another approves, however many approvals race', async () => {
      const { credit, emd } = await unmatchedCredit();
      expect(
        (await post(finance, `/api/bank-credits/${credit.id}/settlement`, { invoice_id: emd.id, note: 'By phone' }))
          .statusCode,
      ).toBe(200);
      const admin = await ctx.tokenFor('admin');
      const answers = await Promise.all([
        post(checker, `/api/bank-credits/${credit.id}/settlement/approve`),
        post(admin, `/api/bank-credits/${credit.id}/settlement/approve`),
        post(checker, `/api/bank-credits/${credit.id}/settlement/approve`),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      const settled: BankCredit = answers.find((answer) => answer.statusCode === 200)!.json();
      expect(settled).toMatchObject({ status: 'settled', settle_prepared_by_name: 'Meera Iyer' });
      const paid = await paymentsOf(emd.id);
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({
        paymentMethod: 'neft_rtgs',
        transactionReference: credit.bank_reference,
        bankCreditId: credit.id,
        amount: 200_000,
      });
      expect((await invoiceRow(emd.id)).status).toBe('paid');
      expect(settled.payment_id).toBe(paid[0]!.id);
      // The audit trail names the maker of the settlement and its checker.
      const trail = await ctx.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'bank_credits'), eq(auditLog.entityId, credit.id), eq(auditLog.action, 'update')),
        );
      const actorOfStatus = (status: string) =>
        trail.find((row) => (row.changes as Record<string, unknown[]>).status?.[1] === status)?.actorId;
      expect(actorOfStatus('settlement_pending')).toBe(settled.settle_prepared_by);
      expect(actorOfStatus('settled')).toBe(settled.settle_approved_by);
      expect(settled.settle_approved_by).not.toBe(settled.settle_prepared_by);
    });

    it('sends a settlement back on rejection, and sets a credit aside', async () => {
      const { credit, emd } = await unmatchedCredit();
      await post(finance, `/api/bank-credits/${credit.id}/settlement`, { invoice_id: emd.id, note: 'Guess' });
      const rejected = await post(checker, `/api/bank-credits/${credit.id}/settlement/reject`, {
        reason: 'The payer is not this applicant',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({
        status: 'unmatched',
        settle_invoice_id: null,
        settle_rejected_reason: 'The payer is not this applicant',
      });
      const aside = await post(finance, `/api/bank-credits/${credit.id}/set-aside`, {
        reason: 'Credited to us by mistake',
      });
      expect(aside.json()).toMatchObject({ status: 'set_aside', set_aside_reason: 'Credited to us by mistake' });
      expect((await post(finance, `/api/bank-credits/${credit.id}/set-aside`, { reason: 'again' })).json().code).toBe(
        'bank_credit_state',
      );
      expect(await paymentsOf(emd.id)).toEqual([]);
      const pending = await ctx.request(finance, { method: 'GET', url: '/api/bank-credits?status=set_aside' });
      expect(pending.json().map((row: BankCredit) => row.id)).toContain(credit.id);
    });
  });
});
