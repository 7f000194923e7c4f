/** Applicant profiles: one per entrepreneur; PAN is fixed once saved. */
import type { z } from 'zod';
import {
  isApplicant,
  can,
  type Applicant,
  type applicantProfileRequestSchema,
  type applicantProfileUpdateSchema,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { conflict, forbidden, notFound } from '../../../core/http-error';
import type { CurrentUser } from '../../../plugins/auth';
import {
  findApplicantById,
  findApplicantByUserId,
  insertApplicant,
  toApplicant,
  updateApplicant,
  type ApplicantValues,
} from '../repositories/applicants';

export const PROFILE_NOT_FOUND = 'Applicant profile not found';

/** Bodies as the route's schema has parsed them (trimmed, upper-cased, defaults applied). */
export type ProfileBody = z.output<typeof applicantProfileRequestSchema>;
export type ProfileUpdateBody = z.output<typeof applicantProfileUpdateSchema>;

function valuesOf(profile: ProfileUpdateBody): Omit<ApplicantValues, 'panNumber'> {
  return {
    organizationName: profile.organization_name,
    gstNumber: profile.gst_number,
    category: profile.category,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    pincode: profile.pincode,
    bankName: profile.bank_name,
    bankAccount: profile.bank_account,
    bankIfsc: profile.bank_ifsc,
    sdpReference: profile.sdp_reference,
  };
}

export async function getOwnProfile(db: Database, user: CurrentUser): Promise<Applicant> {
  const row = await findApplicantByUserId(db, user.id);
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return toApplicant(row);
}

export async function createProfile(db: Database, user: CurrentUser, profile: ProfileBody): Promise<Applicant> {
  const row = await db.transaction((tx) =>
    insertApplicant(tx, user.id, { ...valuesOf(profile), panNumber: profile.pan_number }),
  );
  if (!row) throw conflict('You already have an applicant profile. Update it instead.');
  return toApplicant(row);
}

export async function updateProfile(db: Database, user: CurrentUser, profile: ProfileUpdateBody): Promise<Applicant> {
  const row = await db.transaction((tx) => updateApplicant(tx, user.id, valuesOf(profile)));
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return toApplicant(row);
}

/** Staff read any profile; an entrepreneur only their own (another's answers 404). */
export async function getProfileById(db: Database, user: CurrentUser, id: string): Promise<Applicant> {
  const row = await findApplicantById(db, id);
  if (isApplicant(user)) {
    if (!row || row.userId !== user.id) throw notFound(PROFILE_NOT_FOUND);
    return toApplicant(row);
  }
  if (!can(user.role, 'read:applicant:any')) throw forbidden();
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return toApplicant(row);
}
