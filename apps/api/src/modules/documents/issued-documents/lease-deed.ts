/** The portal's lease deed of an allotment (decision 035), issued as every document is: made the first time it is
 * asked for (to read before signing, or to send for the allottee's eSign), the same bytes after. After a transfer the
 * deed is the new holder's: one issued before it no longer serves. */
import type { CurrentUser } from '../../../plugins/auth';
import { loadVisibleAllotment } from '../../../case/access';
import type { AllotmentRow } from '../../../repositories/allotments';
import { findApplicantById, findApplicantByUserId } from '../../applications/repositories/applicants';
import { findApplicationById } from '../../../repositories/applications';
import { findAssetById } from '../../../repositories/assets';
import { findUserLanguage, type IssuedDocumentRow } from '../repositories/issued-documents';
import { lastTransferAt } from '../repositories/issued-orders';
import { findSchemeById, findSchemeEntry } from '../../schemes/repositories/schemes';
import { clock } from '../../../core/clock';
import { composeLeaseDeed } from './compose-lease-deed';
import { issue, type IssuingContext } from './service';
import { documentLanguage } from './texts';

const RECORD_MISSING = 'A record the lease deed needs is missing';

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error(RECORD_MISSING);
  return value;
}

/** The allotment's lease deed, issued now or as issued before, for its holder and staff who read allotments. */
export async function leaseDeedFor(
  ctx: IssuingContext,
  user: CurrentUser,
  allotmentId: string,
): Promise<IssuedDocumentRow> {
  return issueLeaseDeed(ctx, await loadVisibleAllotment(ctx.db, user, allotmentId));
}

export async function issueLeaseDeed(ctx: IssuingContext, allotment: AllotmentRow): Promise<IssuedDocumentRow> {
  const transferredAt = await lastTransferAt(ctx.db, allotment.id);
  return issue(
    ctx,
    'lease_deed',
    allotment.id,
    async () => {
      const application = required(await findApplicationById(ctx.db, allotment.applicationId));
      const applicant = required(
        (await findApplicantByUserId(ctx.db, allotment.holderUserId)) ??
          (await findApplicantById(ctx.db, application.applicantId)),
      );
      const asset = required(await findAssetById(ctx.db, allotment.assetId));
      const language = documentLanguage(await findUserLanguage(ctx.db, allotment.holderUserId));
      return {
        language,
        content: composeLeaseDeed(language, {
          allotment,
          application,
          applicant,
          asset,
          premium: await premiumOf(ctx, application.id, application.schemeId, asset.valuation),
          corporation: { name: ctx.org.name, address: ctx.org.address },
          drawnOn: clock.now(),
        }),
      };
    },
    { stillServes: (row) => !transferredAt || row.issuedAt >= transferredAt },
  );
}

/** An auction's winning bid (decision 018), else the plot's valuation. */
async function premiumOf(
  ctx: IssuingContext,
  applicationId: string,
  schemeId: string | null,
  valuation: number,
): Promise<number> {
  if (!schemeId) return valuation;
  const scheme = await findSchemeById(ctx.db, schemeId);
  const entry = await findSchemeEntry(ctx.db, applicationId);
  return scheme?.mode === 'auction' && entry?.amount != null ? entry.amount : valuation;
}
