/** One application in a list: number, status badge, stage and a row of facts, the whole card linking to its detail. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import type { Application } from '@portal/contract';
import { cn } from './ui/cn';
import { StageText } from './ui/stage-text';
import { StatusBadge } from './ui/status-badge';

export interface ApplicationCardFact {
  label: string;
  value: ReactNode;
  /** Figures and dates line up in tabular digits. */
  numeric?: boolean;
}

export interface ApplicationCardProps {
  application: Application;
  /** Where the card leads (the detail screen of the caller's side). */
  href: string;
  stageLabel: string;
  /** Keep the stage label for screen readers only. */
  stageLabelHidden?: boolean;
  facts: ApplicationCardFact[];
  /** Words for a mark beside the status that the next step is the reader's (none when it is not). */
  actionNeeded?: string;
}

const factGrids: Record<number, string> = {
  3: 'grid-cols-1 gap-2 sm:grid-cols-3',
  4: 'grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4',
  6: 'grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3',
};

export function ApplicationCard({
  application,
  href,
  stageLabel,
  stageLabelHidden,
  facts,
  actionNeeded,
}: ApplicationCardProps) {
  return (
    <li>
      {/* content-visibility: a card off screen is not styled, laid out or painted until it scrolls near (a list's answer
          put fifty new cards through all three in the frame it was drawn); it keeps its place at its last height, or
          about one card's height before it has been drawn. Its own border, shadow and focus ring are not clipped. */}
      <Link
        to={href}
        className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm [contain-intrinsic-size:auto_12rem] [content-visibility:auto] hover:border-brand-600 hover:bg-brand-50"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-lg font-semibold text-brand-800">{application.application_number}</span>
          <span className="flex flex-wrap items-center gap-2">
            {actionNeeded && (
              <span
                data-action-needed
                className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900"
              >
                <CircleAlert aria-hidden="true" className="h-4 w-4" />
                {actionNeeded}
              </span>
            )}
            <StatusBadge status={application.status} />
          </span>
        </div>
        <p className="mt-1 text-slate-700">
          <span className={stageLabelHidden ? 'sr-only' : 'text-slate-600'}>{stageLabel}: </span>
          <StageText application={application} />
        </p>
        <dl className={cn('mt-3 grid text-sm', factGrids[facts.length])}>
          {facts.map((fact) => (
            <div key={fact.label} className="min-w-0">
              <dt className="text-slate-600">{fact.label}</dt>
              <dd className={cn('font-medium', fact.numeric ? 'tabular-nums' : 'break-words')}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </Link>
    </li>
  );
}
