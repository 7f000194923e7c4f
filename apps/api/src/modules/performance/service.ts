/** The public performance figures: the latest daily snapshot, or each stage's promise before the first run. */
import type { PublicPerformance } from '@portal/contract';
import type { Database } from '../../db/client';
import { latestSnapshot } from '../../repositories/performance';
import { emptyPerformance } from '../../case/performance';

export async function publicPerformance(db: Database): Promise<PublicPerformance> {
  return (await latestSnapshot(db)) ?? emptyPerformance();
}
