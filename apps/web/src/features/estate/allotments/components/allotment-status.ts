/** The badge colour of each allotment status (the words come from the shared status catalogue). Which statuses end
 * the allotment is the contract's allotmentEnded. */
import type { AllotmentStatus } from '@portal/contract';
import type { StatusBadgeTone } from '../../../../components/ui/status-badge';

export const ALLOTMENT_STATUS_TONES: Record<AllotmentStatus, StatusBadgeTone> = {
  active: 'green',
  expired: 'amber',
  cancelled: 'red',
  surrendered: 'grey',
};
