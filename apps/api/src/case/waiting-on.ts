/** Whom an application waits on, stored: `applications.waiting_on` (the officers' inbox, the overdue sweep and the
 * notifications read it) is the contract's `waitingOnOf` of the status and the facts read here. The engine
 * refreshes it after every change of status and every event that changes a fact (case/events.ts). */
import { waitingOnOf, type ApplicationStatus, type CaseFacts, type Role } from '@portal/contract';
import type { Database } from '../db/client';
import { findApplicationById, setApplicationWaitingOn } from '../repositories/applications';
import { documentChecklist } from '../repositories/documents';
import { countUnpaidInvoices } from '../repositories/invoices';
import { latestLeaseDeedStatusOfApplication } from '../repositories/lease-deeds';
import { countLiveOpenQueries } from '../repositories/queries';

/** The facts beyond its status that decide whom the application waits on, read in the caller's transaction. */
export async function caseFactsOf(tx: Database, applicationId: string): Promise<CaseFacts> {
  const [openQueries, checklist, leaseDeed, unpaidInvoices, application] = [
    // A lapsed query waits on the officer (reject, or extend the date once), not on the applicant.
    await countLiveOpenQueries(tx, applicationId),
    await documentChecklist(tx, applicationId),
    await latestLeaseDeedStatusOfApplication(tx, applicationId),
    await countUnpaidInvoices(tx, applicationId),
    await findApplicationById(tx, applicationId),
  ];
  return {
    openQuery: openQueries > 0,
    // Whether the status lets the applicant upload is waitingOnOf's to decide.
    documentsToFix: checklist.some((item) => item.state === 'rejected' || (item.required && item.state === 'missing')),
    leaseDeed: leaseDeed ?? null,
    unpaidInvoices,
    inScheme: Boolean(application?.schemeId),
  };
}

/** Recomputes and stores whom the application in `status` waits on; answers it. */
export async function refreshWaitingOn(
  tx: Database,
  application: { id: string; status: ApplicationStatus },
): Promise<Role | null> {
  const waitingOn = waitingOnOf(application.status, await caseFactsOf(tx, application.id));
  await setApplicationWaitingOn(tx, application.id, waitingOn);
  return waitingOn;
}
