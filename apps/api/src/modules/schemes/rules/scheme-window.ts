/** Applying in a scheme (decision 018), checked when an application is made and again when it is submitted, in the
 * caller's transaction under the scheme's row lock: the scheme takes applications now, the plot is one of its, the
 * estimated investment meets its minimum, and the applicant has no other application for that plot in it. A plot
 * offered in a scheme not yet decided is applied for in the scheme only. */
import { formatRupees } from '@portal/contract';
import type { Database } from '../../../db/client';
import { conflict, notFound, unprocessable } from '../../../core/http-error';
import {
  findApplicationForSchemePlot,
  findAssetsInUndecidedSchemes,
  findSchemePlotByAsset,
  lockScheme,
  type SchemeRow,
} from '../repositories/schemes';
import { clock } from '../../../core/clock';

export const SCHEME_NOT_FOUND = 'Scheme not found';

/** Whether the scheme takes applications at `now`: open, and inside its window. */
export function schemeAccepting(
  scheme: Pick<SchemeRow, 'status' | 'opensAt' | 'closesAt'>,
  now = clock.now(),
): boolean {
  return scheme.status === 'open' && scheme.opensAt <= now && now < scheme.closesAt;
}

export interface SchemeApplication {
  schemeId: string;
  assetId: string;
  applicantId: string;
  estimatedInvestment: number;
  /** The application itself when it exists already (submitting a draft): not counted as a second one. */
  applicationId?: string;
}

/** Throws the 4xx that says why the application may not be made (or submitted) in the scheme now. */
export async function assertSchemeTakes(tx: Database, input: SchemeApplication, now = clock.now()): Promise<SchemeRow> {
  const scheme = await lockScheme(tx, input.schemeId);
  if (!scheme) throw notFound(SCHEME_NOT_FOUND);
  if (!schemeAccepting(scheme, now)) {
    throw conflict(`Scheme ${scheme.schemeNumber} is not taking applications now`, 'scheme_not_accepting');
  }
  const plot = await findSchemePlotByAsset(tx, scheme.id, input.assetId);
  if (!plot) throw notFound(`This plot is not offered in scheme ${scheme.schemeNumber}`, 'plot_not_in_scheme');
  if (scheme.minInvestment !== null && input.estimatedInvestment < scheme.minInvestment) {
    throw unprocessable(
      `Scheme ${scheme.schemeNumber} asks for an estimated investment of at least ${formatRupees(scheme.minInvestment)}`,
      'scheme_ineligible',
    );
  }
  const other = await findApplicationForSchemePlot(tx, {
    schemeId: scheme.id,
    assetId: input.assetId,
    applicantId: input.applicantId,
    exceptId: input.applicationId,
  });
  if (other) {
    throw conflict(`You have already applied for this plot in scheme ${scheme.schemeNumber} (${other})`);
  }
  return scheme;
}

/** Outside a scheme, a plot offered in one not yet decided may not be applied for. */
export async function assertNotOfferedInScheme(tx: Database, assetId: string): Promise<void> {
  const [offered] = await findAssetsInUndecidedSchemes(tx, [assetId]);
  if (offered) {
    throw conflict(
      `This plot is offered in scheme ${offered.schemeNumber}: apply for it in the scheme`,
      'scheme_not_accepting',
    );
  }
}
