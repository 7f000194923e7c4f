/** Loads an application the caller may see: an entrepreneur only their own (another's answers 404, so its
 * existence is never revealed), staff any but a draft. A draft is the applicant's own until it is submitted: the
 * staff lists leave drafts out, and opening one by its id answers the same 404 as an id that does not exist. A
 * zonal manager with a zone sees only that zone's cases (decision: another zone's case is 404, not read-only). */
import { isApplicant, can } from '@portal/contract';
import type { Database } from '../db/client';
import { zoneScopeOf, type CurrentUser } from './actor';
import { findAssetById } from '../repositories/assets';
import { findApplicationWithOwner, type ApplicationRow } from '../repositories/applications';
import { findAllotmentWithOwner, type AllotmentRow } from '../repositories/allotments';
import { forbidden, notFound } from '../core/http-error';

export const APPLICATION_NOT_FOUND = 'Application not found';
export const ALLOTMENT_NOT_FOUND = 'Allotment not found';

export async function loadVisibleApplication(db: Database, user: CurrentUser, id: string): Promise<ApplicationRow> {
  const found = await findApplicationWithOwner(db, id);
  if (isApplicant(user)) {
    if (!found || found.ownerUserId !== user.id) throw notFound(APPLICATION_NOT_FOUND);
    return found.application;
  }
  if (!can(user.role, 'read:application:any')) throw forbidden();
  if (!found || found.application.status === 'draft') throw notFound(APPLICATION_NOT_FOUND);
  // A zonal manager with a zone works that zone's cases only: another zone's case answers the same 404 as one that
  // does not exist, as the inbox and the list never show it (read-only access would still leak its existence).
  const scope = zoneScopeOf(user);
  if (scope && (await findAssetById(db, found.application.assetId))?.zone !== scope) {
    throw notFound(APPLICATION_NOT_FOUND);
  }
  return found.application;
}

/** For owner-only actions (submit, pay, upload a lease deed): anyone else is refused. */
export async function loadOwnApplication(db: Database, user: CurrentUser, id: string): Promise<ApplicationRow> {
  if (!isApplicant(user)) throw forbidden('Only the applicant can do this');
  return loadVisibleApplication(db, user, id);
}

/** Loads an allotment the caller may see: an entrepreneur only one they hold now (another's answers 404), staff who
 * read every allotment any, and a zonal manager with a zone only that zone's (another zone's answers 404, as for
 * applications). Every read and action on an allotment, and on its dues, milestones, services, lease deed,
 * possession, statement and show-causes, loads it through here. */
export async function loadVisibleAllotment(db: Database, user: CurrentUser, id: string): Promise<AllotmentRow> {
  const found = await findAllotmentWithOwner(db, id);
  if (isApplicant(user)) {
    if (!found || found.ownerUserId !== user.id) throw notFound(ALLOTMENT_NOT_FOUND);
    return found.allotment;
  }
  if (!can(user.role, 'read:allotments:any')) throw forbidden();
  if (!found) throw notFound(ALLOTMENT_NOT_FOUND);
  const scope = zoneScopeOf(user);
  if (scope && (await findAssetById(db, found.allotment.assetId))?.zone !== scope) throw notFound(ALLOTMENT_NOT_FOUND);
  return found.allotment;
}
