/** The public performance figures: the latest daily snapshot, or each stage's promise before the first run, with the
 * appeals against each stage counted as of now. */
import type { PublicPerformance } from '@portal/contract';
import type { Database } from '../../../db/client';
import { latestSnapshot } from '../repositories/performance';
import { emptyPerformance, withAppealsAsOf } from '../rules/performance';

export async function publicPerformance(db: Database): Promise<PublicPerformance> {
  return withAppealsAsOf(db, (await latestSnapshot(db)) ?? emptyPerformance());
}
