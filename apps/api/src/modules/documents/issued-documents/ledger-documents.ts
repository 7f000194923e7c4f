/** The statement of account's PDF (drawn when asked for, in the reader's language, not kept) and the no-dues
 * certificate of an allotment (an issued document with its verification code and QR, issued only at a balance of
 * exactly zero with no invoice unpaid). Who may read them is the ledger's rule (modules/money/rules/ledger.ts). */
import { isApplicantRole, businessDay, NO_DUES_ISSUERS, type Role } from '@portal/contract';
import type { Database } from '../../../db/client';
import { loadVisibleAllotment } from '../../../case/access';
import { allStatementLines, loadLedgerAccount, requireNoDues, type AccountOf } from '../../money/rules/ledger';
import { CALENDAR } from '../../../core/business-calendar';
import { forbidden, notFound } from '../../../core/http-error';
import type { CurrentUser } from '../../../plugins/auth';
import { findApplicantById, findApplicantByUserId } from '../../applications/repositories/applicants';
import { findApplicationById } from '../../../repositories/applications';
import { findAssetById } from '../../../repositories/assets';
import { nextNumber } from '../../../repositories/counters';
import { findCurrentIssuedDocument, findUserLanguage, type IssuedDocumentRow } from '../repositories/issued-documents';
import { ledgerSummary, type LedgerPeriod } from '../../money/repositories/ledger-entries';
import { composeNoDuesCertificate, composeStatement } from './compose-ledger';
import { renderPdf } from './render-pdf';
import { issue, type IssuingContext } from './service';
import { documentLanguage } from './texts';
import { clock } from '../../../core/clock';

export const NO_DUES_NOT_ISSUED = 'No no-dues certificate has been issued for this allotment';

export async function statementPdfFor(
  ctx: IssuingContext,
  user: CurrentUser,
  of: AccountOf,
  period: LedgerPeriod,
): Promise<{ fileName: string; bytes: Buffer }> {
  const ledger = await loadLedgerAccount(ctx.db, user, of);
  const [summary, lines, language] = await Promise.all([
    ledgerSummary(ctx.db, ledger.applicationId, period),
    allStatementLines(ctx.db, ledger.applicationId, period),
    findUserLanguage(ctx.db, user.id).then(documentLanguage),
  ]);
  const drawnAt = clock.now();
  const bytes = await ctx.signer.signPdf(
    await renderPdf({
      content: composeStatement(language, { account: ledger.account, period, summary, lines, drawnAt }),
      letterhead: ctx.org,
      language,
      issuedAt: drawnAt,
    }),
  );
  const number = ledger.account.allotment_number ?? ledger.account.application_number;
  return {
    fileName: `statement-${number}${period.from ? `-from-${period.from}` : ''}${period.to ? `-to-${period.to}` : ''}.pdf`,
    bytes,
  };
}

const mayIssue = (role: Role) => isApplicantRole(role) || (NO_DUES_ISSUERS as readonly Role[]).includes(role);

/** Issues the allotment's no-dues certificate (409 dues_outstanding while anything is owed). The one issued earlier
 * the same day still serves while nothing has been posted to the account since; otherwise a new one is issued, dated
 * today. The balance is checked again in the transaction that records it. */
export async function issueNoDuesCertificate(
  ctx: IssuingContext,
  user: CurrentUser,
  allotmentId: string,
): Promise<IssuedDocumentRow> {
  const allotment = await loadVisibleAllotment(ctx.db, user, allotmentId);
  if (!mayIssue(user.role)) throw forbidden('Only the holder or a finance officer can ask for a no-dues certificate');
  const now = clock.now();
  const { asOn, lastPostedAt } = await requireNoDues(ctx.db, allotment.applicationId, now);
  return issue(
    ctx,
    'no_dues_certificate',
    allotment.id,
    async () => {
      const application = await findApplicationById(ctx.db, allotment.applicationId);
      const asset = await findAssetById(ctx.db, allotment.assetId);
      if (!application || !asset) throw new Error('A record this document needs is missing');
      const holder =
        (await findApplicantByUserId(ctx.db, allotment.holderUserId)) ??
        (await findApplicantById(ctx.db, application.applicantId));
      const language = documentLanguage(await findUserLanguage(ctx.db, allotment.holderUserId));
      const summary = await ledgerSummary(ctx.db, allotment.applicationId, {});
      return {
        language,
        content: composeNoDuesCertificate(language, {
          number: await nextNumber(ctx.db, 'noDues', now),
          asOn,
          allotment,
          applicationNumber: application.applicationNumber,
          holder,
          holderName: holder?.organizationName ?? '',
          asset,
          totals: { debit: summary.totalDebit, credit: summary.totalCredit },
          corporation: ctx.org.name,
        }),
      };
    },
    {
      stillServes: (row) =>
        businessDay(row.issuedAt, CALENDAR) === asOn && (!lastPostedAt || lastPostedAt <= row.issuedAt),
      afterIssue: (tx: Database) => requireNoDues(tx, allotment.applicationId, now),
    },
  );
}

/** The allotment's latest no-dues certificate, for its holder and staff who read allotments (404 before one). */
export async function noDuesCertificateFor(
  db: Database,
  user: CurrentUser,
  allotmentId: string,
): Promise<IssuedDocumentRow> {
  const allotment = await loadVisibleAllotment(db, user, allotmentId);
  const row = await findCurrentIssuedDocument(db, 'no_dues_certificate', allotment.id);
  if (!row) throw notFound(NO_DUES_NOT_ISSUED);
  return row;
}
