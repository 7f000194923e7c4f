/** Dashboard figures for the caller: an entrepreneur's own, or the officer and finance figures for staff. */
import { isApplicant, type EntrepreneurStats, type OfficerStats } from '@portal/contract';
import type { Database } from '../../db/client';
import { businessTodayIso } from '../../core/dates';
import type { CurrentUser } from '../../plugins/auth';
import { entrepreneurStats, officerStats } from '../../repositories/dashboard';
import { countInbox } from '../applications/rules/inbox';
import { clock } from '../../core/clock';

export async function statsFor(
  db: Database,
  user: CurrentUser,
  now: Date = clock.now(),
): Promise<EntrepreneurStats | OfficerStats> {
  if (isApplicant(user)) return entrepreneurStats(db, user.id);
  const [figures, inbox] = await Promise.all([officerStats(db, businessTodayIso(now)), countInbox(db, user)]);
  return { ...figures, waiting_on_me: inbox.total, waiting_on_me_capped: inbox.totalCapped };
}
