/** GET /challans/{id}/challan.pdf: the challan drawn in the reader's language each time it is asked for (it is a
 * pay-in slip, not a document kept for verification). Who may read it is the challans' rule (modules/money/rules/challans.ts). */
import { loadVisibleChallan } from '../../money/rules/challans';
import { COLLECTION_ACCOUNT } from '../../../lib/collection-account';
import type { CurrentUser } from '../../../plugins/auth';
import { findUserLanguage } from '../repositories/issued-documents';
import { composeChallan } from './compose-challan';
import { renderPdf } from './render-pdf';
import type { IssuingContext } from './service';
import { documentLanguage } from './texts';
import { clock } from '../../../core/clock';

export async function challanPdfFor(
  ctx: Pick<IssuingContext, 'db' | 'org' | 'signer'>,
  user: CurrentUser,
  challanId: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const challan = await loadVisibleChallan(ctx.db, user, challanId);
  const language = documentLanguage(await findUserLanguage(ctx.db, user.id));
  const bytes = await ctx.signer.signPdf(
    await renderPdf({
      content: composeChallan(language, challan, COLLECTION_ACCOUNT),
      letterhead: ctx.org,
      language,
      issuedAt: clock.now(),
    }),
  );
  return { fileName: `challan-${challan.challanNumber}.pdf`, bytes };
}
