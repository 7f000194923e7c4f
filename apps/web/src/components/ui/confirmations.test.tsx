// Confirm what cannot be undone (decision 024). Every step the contract lists as irreversible names the components
// that take it, and each of them asks through the one confirmation; the confirmation itself shows on the first
// submit, names the outcome chosen at that moment, calls nothing until its own button, and Go back keeps the fields.
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FINAL_APPLICATION_EVENTS, IRREVERSIBLE_STEPS, APPLICATION_EVENTS } from '@portal/contract';
import { FormField, useSchemaForm } from '../form/schema-form';
import { SchemaFormDialog } from '../form/schema-form-dialog';
import { CONFIRMED_IN } from './confirmations';
import { Select } from './input';

const SRC = path.resolve(import.meta.dirname, '../..');
/** How a component asks: a schema form dialog's `confirm`, or the confirmation dialog (a scheme's ConfirmStep is one). */
const ASKS = /\bconfirm=\{|<ConfirmDialog\b/;

describe('every irreversible step has a confirmation on screen', () => {
  it('lists each step the contract calls irreversible, and no other', () => {
    expect(Object.keys(CONFIRMED_IN).sort()).toEqual([...IRREVERSIBLE_STEPS].sort());
  });

  it("takes the application's irreversible events from its lifecycle table, where a person fires them", () => {
    for (const name of FINAL_APPLICATION_EVENTS) expect(APPLICATION_EVENTS[name].by.kind).not.toBe('system');
    expect(FINAL_APPLICATION_EVENTS).toEqual(expect.arrayContaining(['approve', 'reject', 'allot']));
  });

  it.each(Object.entries(CONFIRMED_IN))('%s is confirmed in each component that takes it', (_step, files) => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = fs.readFileSync(path.join(SRC, file), 'utf8');
      expect(source, `${file} asks through the one confirmation`).toMatch(ASKS);
    }
  });
});

const CHOICES = ['approved', 'rejected'] as const;
const schema = z.object({ decision: z.enum(CHOICES) });

function Decision({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useSchemaForm({
    schema,
    defaultValues: { decision: 'approved' },
    messages: 'test',
    idPrefix: 'test-',
  });
  return (
    <SchemaFormDialog
      form={form}
      onValid={onValid}
      open
      onOpenChange={() => undefined}
      title="Decide"
      cancelLabel="Cancel"
      submitLabel="Record Decision"
      busy={false}
      busyText="Recording"
      confirm={(values) => ({
        statement: `Application APP-1 will be ${values.decision.toUpperCase()}.`,
        consequence: `Told: ${values.decision}`,
      })}
    >
      <FormField form={form} name="decision" label="Decision">
        <Select {...form.register('decision')}>
          {CHOICES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </FormField>
    </SchemaFormDialog>
  );
}

describe('the one confirmation', () => {
  it('shows on the first submit, naming the chosen outcome, and takes nothing until its own button', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Decision onValid={onValid} />);
    const dialog = screen.getByRole('dialog', { name: 'Decide' });
    // Choosing an option takes nothing.
    await user.selectOptions(within(dialog).getByLabelText('Decision'), 'rejected');
    expect(onValid).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: 'Record Decision' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    const step = within(dialog).getByRole('region', { name: 'Check before you confirm' });
    expect(step).toHaveTextContent('Application APP-1 will be REJECTED.');
    expect(step).toHaveTextContent('Told: rejected');
    expect(step).toHaveTextContent('This cannot be undone once confirmed.');
    expect(within(step).getByRole('heading', { name: 'Check before you confirm' })).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();

    // Go back returns to the fields as they were; the next review names the new choice.
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(within(dialog).getByLabelText('Decision')).toHaveValue('rejected');
    await user.selectOptions(within(dialog).getByLabelText('Decision'), 'approved');
    await user.click(within(dialog).getByRole('button', { name: 'Review and confirm' }));
    expect(within(dialog).getByRole('region', { name: 'Check before you confirm' })).toHaveTextContent(
      'Application APP-1 will be APPROVED.',
    );
    expect(onValid).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Record Decision' }));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]![0]).toEqual({ decision: 'approved' });
  });
});
