/** A status badge: text from the catalogue (`ui:status.<code>`; in English the spec's capitals, statusLabel's text), colour per statusTone (approved green, rejected red, else blue). */
import { useTranslation } from 'react-i18next';
import { statusLabel, statusTone, type BadgeTone } from '@portal/contract';
import { cn } from './cn';

// 800-on-100 pairs: all above 4.5:1 contrast.
const tones: Record<BadgeTone | 'grey' | 'amber', string> = {
  green: 'bg-green-100 text-green-800 ring-green-700/30',
  red: 'bg-red-100 text-red-800 ring-red-700/30',
  blue: 'bg-blue-100 text-blue-800 ring-blue-700/30',
  amber: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  grey: 'bg-slate-100 text-slate-800 ring-slate-700/30',
};

export type StatusBadgeTone = keyof typeof tones;

export interface StatusBadgeProps {
  status: string;
  /** Overrides the colour for statuses outside the application workflow (e.g. a payment's success is green). */
  tone?: StatusBadgeTone;
  className?: string;
}

/** The spec's badge for any status string. */
export function StatusBadge({ status, tone, className }: StatusBadgeProps) {
  const { t } = useTranslation('ui');
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ring-inset',
        tones[tone ?? statusTone(status)],
        className,
      )}
    >
      {t(`status.${status}`, { defaultValue: statusLabel(status) })}
    </span>
  );
}
