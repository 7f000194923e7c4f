/** A badge of words this feature chooses (an outcome, a credit's status), in the shared badge's colours. */
import { cn } from '../../../../components/ui/cn';

export type Tone = 'green' | 'amber' | 'grey' | 'red' | 'blue';

// 800-on-100 pairs, as the shared status badge: all above 4.5:1 contrast.
const TONES: Record<Tone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-700/30',
  red: 'bg-red-100 text-red-800 ring-red-700/30',
  blue: 'bg-blue-100 text-blue-800 ring-blue-700/30',
  amber: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  grey: 'bg-slate-100 text-slate-800 ring-slate-700/30',
};

export function ToneBadge({ tone, children }: { tone: Tone; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
