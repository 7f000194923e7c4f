/** A status badge: text from the catalogue (`ui:status.<code>`; in English the spec's capitals, statusLabel's text), colour per statusTone (approved green, rejected red, else blue). An application status's badge may carry
 * a small "What does this mean?" link to its entry in the help (`/help#status-<status>`). */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleHelp } from 'lucide-react';
import { APPLICATION_STATUSES, statusLabel, statusTone, type BadgeTone } from '@portal/contract';
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
  /** An application status's badge links to its help entry. Leave it off where the badge sits inside a link (a
   * card that is a link as a whole): a link inside a link is neither valid nor usable. */
  helpLink?: boolean;
}

const HELPED: ReadonlySet<string> = new Set(APPLICATION_STATUSES);

/** Where the help explains an application status. */
export const statusHelpPath = (status: string) => `/help#status-${status}`;

/** The spec's badge for any status string. */
export function StatusBadge({ status, tone, className, helpLink = false }: StatusBadgeProps) {
  const { t } = useTranslation('ui');
  const label = t(`status.${status}`, { defaultValue: statusLabel(status) });
  const badge = (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ring-inset',
        tones[tone ?? statusTone(status)],
        className,
      )}
    >
      {label}
    </span>
  );
  if (!helpLink || !HELPED.has(status)) return badge;
  return (
    <span className="inline-flex items-center gap-1">
      {badge}
      <Link
        to={statusHelpPath(status)}
        className="inline-flex min-h-6 min-w-6 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 hover:text-brand-900"
      >
        <CircleHelp aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">{t('statusHelp', { status: label })}</span>
      </Link>
    </span>
  );
}
