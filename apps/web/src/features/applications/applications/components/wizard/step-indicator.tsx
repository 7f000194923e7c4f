/** The wizard's "Step N of 4" and the four step names, the current one marked. */
import { useTranslation } from 'react-i18next';
import { WIZARD_STEPS } from '@portal/contract';
import { cn } from '../../../../../components/ui/cn';

export const STEP_KEYS = ['asset', 'details', 'documents', 'review'] as const;

export function StepIndicator({ step }: { step: number }) {
  const { t } = useTranslation('applications');
  return (
    <nav aria-label={t('wizard.stepsLabel')} className="mb-6">
      <p className="mb-2 text-sm font-medium text-slate-600">{t('wizard.stepOf', { step, total: WIZARD_STEPS })}</p>
      <ol className="grid grid-cols-4 gap-2">
        {STEP_KEYS.map((key, index) => {
          const number = index + 1;
          const current = number === step;
          return (
            <li
              key={key}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'rounded-md border-t-4 pt-2 text-xs sm:text-sm',
                number < step && 'border-brand-600 text-slate-700',
                current && 'border-brand-700 font-semibold text-brand-800',
                number > step && 'border-slate-200 text-slate-500',
              )}
            >
              <span className="hidden sm:inline">{number}. </span>
              {t(`wizard.steps.${key}`)}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
