/** An asset's status in its own colour: available green, reserved amber, allotted blue, other grey. */
import type { AssetStatus } from '@portal/contract';
import { StatusBadge, type StatusBadgeTone } from '../../../components/ui/status-badge';

export const ASSET_STATUS_TONES: Record<AssetStatus, StatusBadgeTone> = {
  available: 'green',
  reserved: 'amber',
  allotted: 'blue',
  other: 'grey',
};

export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  return <StatusBadge status={status} tone={ASSET_STATUS_TONES[status]} />;
}
