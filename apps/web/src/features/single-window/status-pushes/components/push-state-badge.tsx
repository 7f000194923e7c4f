/** A status push's state as a badge, in the catalogue's words. */
import { useTranslation } from 'react-i18next';
import type { SingleWindowPushState } from '@portal/contract';
import { cn } from '../../../../components/ui/cn';

// 800-on-100 pairs, as the shared status badge: all above 4.5:1 contrast.
const TONES: Record<SingleWindowPushState, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  retrying: 'bg-blue-100 text-blue-800 ring-blue-700/30',
  sent: 'bg-green-100 text-green-800 ring-green-700/30',
  failed: 'bg-red-100 text-red-800 ring-red-700/30',
};

export function PushStateBadge({ state }: { state: SingleWindowPushState }) {
  const { t } = useTranslation('status-pushes');
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[state],
      )}
    >
      {t(`states.${state}`)}
    </span>
  );
}
