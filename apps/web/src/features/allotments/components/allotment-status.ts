/** The badge colour of each allotment status (the words come from the shared status catalogue), and which statuses
 * end the allotment. */
import type { AllotmentStatus } from '@portal/contract';
import type { StatusBadgeTone } from '../../../components/ui/status-badge';

export const ALLOTMENT_STATUS_TONES: Record<AllotmentStatus, StatusBadgeTone> = {
  active: 'green',
  expired: 'amber',
  cancelled: 'red',
  surrendered: 'grey',
};

/** A surrendered or cancelled allotment has ended: its milestones no longer fall due. */
export function allotmentEnded(status: AllotmentStatus): boolean {
  return status === 'surrendered' || status === 'cancelled';
}
