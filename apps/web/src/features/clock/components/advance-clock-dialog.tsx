/** Moves the portal's clock forward by a chosen step (decision 026), after saying from when to when and that it cannot
 * be undone; every sweep then runs once for each day skipped, which takes a while for a year. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  clockAdvanceTarget,
  formatDateTime,
  type ClockAdvanceBody,
  type ClockAdvanceResult,
  type PortalClock,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { useDialogAction } from '../../../components/ui/use-dialog-action';
import { errorDetail } from '../../../lib/api-client';
import { useAdvanceClock } from '../api/clock';

/** The moves offered, as the call takes them. */
export const CLOCK_STEPS = {
  hour: { hours: 1 },
  day: { days: 1 },
  week: { days: 7 },
  month: { days: 30 },
  quarter: { days: 91 },
  year: { days: 365 },
} as const satisfies Record<string, ClockAdvanceBody>;
type ClockStep = keyof typeof CLOCK_STEPS;
const STEP_NAMES = Object.keys(CLOCK_STEPS) as [ClockStep, ...ClockStep[]];

const schema = z.object({ step: z.enum(STEP_NAMES) });

/** Where a step takes the clock from `now`. */
export function clockAfter(now: string, step: ClockStep): Date {
  return new Date(clockAdvanceTarget(Date.parse(now), CLOCK_STEPS[step]));
}

export function AdvanceClockDialog({ clock }: { clock: PortalClock }) {
  const { t } = useTranslation('clock');
  const advance = useAdvanceClock();
  const dialog = useDialogAction(advance.isPending);
  const form = useSchemaForm({
    schema,
    defaultValues: { step: 'day' },
    messages: 'clock:advance.errors',
    idPrefix: 'advance-clock-',
  });

  return (
    <SchemaFormDialog
      form={form}
      onValid={({ step }) =>
        dialog.send<ClockAdvanceResult>((outcome) => advance.mutate(CLOCK_STEPS[step], outcome), {
          done: (moved) => t('advance.done', { to: formatDateTime(moved.now) }),
          failed: (error) => errorDetail(error, t('advance.failed')),
        })
      }
      confirm={({ step }) => ({
        statement: t('advance.statement', {
          from: formatDateTime(clock.now),
          to: formatDateTime(clockAfter(clock.now, step)),
        }),
        consequence: t('advance.consequence'),
      })}
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('advance.title')}
      description={t('advance.description')}
      trigger={<Button>{t('advance.button')}</Button>}
      cancelLabel={t('advance.cancel')}
      submitLabel={t('advance.confirm')}
      busy={advance.isPending}
      busyText={t('advance.submitting')}
    >
      <FormField form={form} name="step" label={t('advance.fields.step')}>
        <Select {...form.register('step')}>
          {STEP_NAMES.map((step) => (
            <option key={step} value={step}>
              {t(`advance.steps.${step}`)}
            </option>
          ))}
        </Select>
      </FormField>
    </SchemaFormDialog>
  );
}
