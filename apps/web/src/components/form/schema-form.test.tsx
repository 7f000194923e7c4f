import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import i18n from 'i18next';
import { changeLanguage } from '../../lib/i18n';
import { DateFilterField, FormDateField, inputDate } from './date-input';
import { FormField, SchemaFormElement, useSchemaForm } from './schema-form';
import { Input } from '../ui/input';

const schema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required (contract words)' }),
  pincode: z.string().regex(/^[1-9][0-9]{5}$/, { error: 'Enter a 6-digit pincode' }),
  start: inputDate(),
});

function Form({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useSchemaForm({
    schema,
    defaultValues: { name: '', pincode: '', start: '' },
    messages: 'test:form',
    idPrefix: 'test-',
  });
  return (
    <SchemaFormElement form={form} onValid={onValid}>
      <FormField form={form} name="name" label="Name">
        <Input {...form.register('name')} />
      </FormField>
      <FormField form={form} name="pincode" label="Pincode">
        <Input {...form.register('pincode')} />
      </FormField>
      <FormDateField form={form} name="start" label="Start" />
      <button type="submit">Save</button>
    </SchemaFormElement>
  );
}

i18n.addResourceBundle('en', 'test', { form: { name: { required: 'Enter the name' } } });
i18n.addResourceBundle('hi', 'test', { form: { name: { required: 'नाम दर्ज करें' } } });

describe('schema forms', () => {
  it('summarises errors in field order with the form’s words, the contract’s, and the shared date words', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    render(<Form onValid={(values) => saved.push(values)} />);
    await user.type(screen.getByLabelText('Pincode'), '12');
    await user.type(screen.getByLabelText('Start'), '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect([...summary.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Enter the name',
      'Enter a 6-digit pincode',
      'Enter a real date as dd/mm/yyyy, for example 27/03/2026',
    ]);
    expect(screen.getByLabelText('Start')).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);

    await user.type(screen.getByLabelText('Name'), ' Ravi Steels ');
    await user.clear(screen.getByLabelText('Pincode'));
    await user.type(screen.getByLabelText('Pincode'), '500032');
    await user.clear(screen.getByLabelText('Start'));
    await user.type(screen.getByLabelText('Start'), '5/3/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ name: 'Ravi Steels', pincode: '500032', start: '2026-03-05' }]);
  });

  it('takes the focus to the summary once per submit, not while a correction is being typed', async () => {
    const user = userEvent.setup();
    render(<Form onValid={() => undefined} />);
    await user.type(screen.getByLabelText('Name'), 'Ravi');
    await user.type(screen.getByLabelText('Pincode'), '500032');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());

    // Typed into, the date clears the summary; a slip brings it back, and the typing carries on in the field.
    const start = screen.getByLabelText('Start');
    await user.type(start, '01/03/2026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(start, '{Backspace}{Backspace}');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    // Give the summary's effects their turn before looking where the focus is.
    await act(() => Promise.resolve());
    expect(start).toHaveFocus();
    await user.type(start, '26');
    expect(start).toHaveValue('01/03/2026');

    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it('leaves the focus in the field when a correction after a successful submit is half typed', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    render(<Form onValid={(values) => saved.push(values)} />);
    await user.type(screen.getByLabelText('Name'), 'Ravi');
    await user.type(screen.getByLabelText('Pincode'), '500032');
    await user.type(screen.getByLabelText('Start'), '01/03/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));

    const start = screen.getByLabelText('Start');
    await user.clear(start);
    await user.type(start, '0');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(start).toHaveFocus();
    await user.type(start, '2/04/2026');
    expect(start).toHaveValue('02/04/2026');
  });

  it('never shows the contract’s English words in Hindi: a field without its own words gets the shared ones', async () => {
    const user = userEvent.setup();
    await changeLanguage('hi');
    render(<Form onValid={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: /Pincode/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const links = [...(await screen.findByRole('alert')).querySelectorAll('a')].map((link) => link.textContent);
    expect(links).toEqual(['नाम दर्ज करें', 'यह सही प्रारूप में नहीं है', 'यह जानकारी आवश्यक है']);
  });
});

describe('date filter fields', () => {
  function Filter() {
    const [day, setDay] = useState('2026-03-05');
    return (
      <>
        <DateFilterField id="from" label="From" value={day} onChange={setDay} />
        <output>{day || 'none'}</output>
        <button type="button" onClick={() => setDay('')}>
          Clear
        </button>
      </>
    );
  }

  it('shows the day as dd/mm/yyyy, filters once a whole day is typed, and says so when the text is no day', async () => {
    const user = userEvent.setup();
    render(<Filter />);
    const from = screen.getByLabelText('From');
    expect(from).toHaveValue('05/03/2026');
    await user.clear(from);
    expect(screen.getByRole('status')).toHaveTextContent('none');
    await user.type(from, '31/04/2026');
    await user.tab();
    expect(screen.getByText('Enter a real date as dd/mm/yyyy, for example 27/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('none');
    await user.clear(from);
    await user.type(from, '01/12/2026');
    expect(screen.getByRole('status')).toHaveTextContent('2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(from).toHaveValue('');
  });
});

describe('a form whose schema is loaded when first used', () => {
  const loginLike = z.object({ name: z.string().trim().min(1) });

  function LazyForm({ load, onValid }: { load: () => Promise<typeof loginLike>; onValid: () => void }) {
    const form = useSchemaForm({
      schema: load,
      defaultValues: { name: '' },
      messages: 'test:form',
      idPrefix: 'lazy-',
      fieldOrder: ['name'],
    });
    return (
      <SchemaFormElement form={form} onValid={onValid}>
        <FormField form={form} name="name" label="Name">
          <Input {...form.register('name')} />
        </FormField>
        <button type="submit">Sign in</button>
      </SchemaFormElement>
    );
  }

  it('says so when the schema cannot be fetched, and checks the form once it can', async () => {
    let reachable = false;
    const load = () => (reachable ? Promise.resolve(loginLike) : Promise.reject(new TypeError('Failed to fetch')));
    const submitted: string[] = [];
    render(<LazyForm load={load} onValid={() => submitted.push('sent')} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ravi');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/part of the page did not load/)).toBeInTheDocument();
    expect(submitted).toEqual([]);

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(submitted).toEqual(['sent']));
    expect(screen.queryByText(/part of the page did not load/)).not.toBeInTheDocument();
  });
});
