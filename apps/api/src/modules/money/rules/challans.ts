/** Who may read a challan, shared by its module and the challan's PDF (modules/documents/issued-documents): an entrepreneur
 * one of their own invoices (another's answers 404, so its existence is never revealed), staff who read finance
 * any. */
import { isApplicant, can } from '@portal/contract';
import type { Database } from '../../../db/client';
import type { CurrentUser } from '../../../case/actor';
import { forbidden, notFound } from '../../../core/http-error';
import { findChallanById, isInvoiceOwnedBy, viewsOfChallans, type ChallanView } from '../repositories/challans';

export const CHALLAN_NOT_FOUND = 'Challan not found';

export async function loadVisibleChallan(db: Database, user: CurrentUser, id: string): Promise<ChallanView> {
  if (!isApplicant(user) && !can(user.role, 'read:finance')) throw forbidden();
  const row = await findChallanById(db, id);
  if (!row) throw notFound(CHALLAN_NOT_FOUND);
  if (isApplicant(user) && !(await isInvoiceOwnedBy(db, row.invoiceId, user.id))) {
    throw notFound(CHALLAN_NOT_FOUND);
  }
  return (await viewsOfChallans(db, [row]))[0]!;
}
