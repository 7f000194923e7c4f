// The SMS templates (decision 037): each has a 19-digit DLT template id of its own, its words in every language with
// the same variables, each variable declared; the DLT text writes every variable as {#var#}; Indian mobile numbers
// are read in the ways people write them and kept as 91 and ten digits.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import {
  dltText,
  formatMobile,
  maskMobile,
  normalizeIndianMobile,
  OPTIONAL_SMS_TEMPLATES,
  SMS_TEMPLATE_CODES,
  SMS_TEMPLATES,
} from './sms';

const variablesOf = (words: string) => [...words.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1]).sort();

describe('SMS templates', () => {
  it('have distinct 19-digit DLT ids and the same declared variables in every language', () => {
    const ids = SMS_TEMPLATE_CODES.map((code) => SMS_TEMPLATES[code].dltTemplateId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const code of SMS_TEMPLATE_CODES) {
      const template = SMS_TEMPLATES[code];
      expect(template.dltTemplateId).toMatch(/^\d{19}$/);
      for (const language of LANGUAGES) {
        expect(variablesOf(template.words[language]), `${code} in ${language}`).toEqual([...template.variables].sort());
      }
    }
  });

  it('write each variable as {#var#} for the DLT platform', () => {
    expect(dltText('query_raised')).toBe(
      'A query was raised on your application {#var#}. Please reply by {#var#} on the industrial portal.',
    );
  });

  it('let codes and money messages never be turned off', () => {
    for (const code of ['one_time_code', 'code_locked', 'fee_demanded', 'payment_received', 'dues_reminder'] as const)
      expect(OPTIONAL_SMS_TEMPLATES).not.toContain(code);
    expect(OPTIONAL_SMS_TEMPLATES).toContain('query_raised');
  });
});

describe('Indian mobile numbers', () => {
  it.each(['9876543210', '98765 43210', '+91 98765-43210', '919876543210', '09876543210'])('reads %s', (input) => {
    expect(normalizeIndianMobile(input)).toBe('919876543210');
  });

  it.each(['12345', '5876543210', '98765432101', '+1 9876543210', 'abc'])('refuses %s', (input) => {
    expect(normalizeIndianMobile(input)).toBeNull();
  });

  it('shows and masks a kept number', () => {
    expect(formatMobile('919876543210')).toBe('+91 98765 43210');
    expect(maskMobile('919876543210')).toBe('+91 98xxx xx210');
  });
});
