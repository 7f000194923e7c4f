/** An allotment's milestones as a list: each one's name, due date, where it stands and the extensions of time used,
 * with an optional action beside each (My plots' extension of time). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ESTATE_TERMS, formatDate, formatNumber, type Milestone } from '@portal/contract';
import { MilestoneState } from './milestone-state';

export interface MilestoneListProps {
  milestones: readonly Milestone[];
  /** What sits beside a milestone (given its name in the reader's words), if anything. */
  action?: (milestone: Milestone, name: string) => ReactNode;
}

export function MilestoneList({ milestones, action }: MilestoneListProps) {
  const { t } = useTranslation('milestones');
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {milestones.map((milestone) => {
        const name = t(`kinds.${milestone.kind}`);
        return (
          <li key={milestone.kind} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-slate-900">{name}</p>
              <p className="text-sm text-slate-700 tabular-nums">
                {t('dueOn', { date: formatDate(milestone.due_on) })}
              </p>
              <MilestoneState milestone={milestone} className="text-sm" />
              <p className="text-sm text-slate-700">
                {t('extensionsUsed', {
                  // As the server counts them: an extension asked for and not yet in effect is used (decision 020).
                  used: formatNumber(milestone.extensions_used ?? milestone.extensions),
                  max: formatNumber(ESTATE_TERMS.maxExtensionsPerMilestone),
                })}
              </p>
            </div>
            {action?.(milestone, name)}
          </li>
        );
      })}
    </ul>
  );
}
