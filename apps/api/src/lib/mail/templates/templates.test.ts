import { describe, expect, it } from 'vitest';
import { formattersFor, MAIL_TEMPLATES, type NotificationParams } from '@portal/contract';
import { escapeHtml, renderMail } from './index';

const PORTAL = 'https://portal.example.gov.in';

/** Every parameter any template reads, as the portal writes them. */
const FULL: NotificationParams = {
  full_name: 'Ravi Kumar',
  link: '/applications/3f1c2a9e-5b7d-4c8e-9a0b-1d2e3f4a5b6c',
  application_number: 'APP-2026-000042',
  invoice_count: 2,
  invoice_numbers: 'INV-2026-000101, INV-2026-000102',
  total_amount: 211800,
  due_date: '2026-03-31',
  document_type: 'pan_card',
  file_name: 'pan.pdf',
  reason: 'The scan is blurred',
  message: 'Please send the site plan',
  respond_by: '2026-03-15',
  original_respond_by: '2026-03-12',
  decision: 'approved',
  stage: 'Approved by SLSC',
  invoice_number: 'INV-2026-000103',
  invoice_type: 'premium_instalment',
  amount: 500000,
  allotment_number: 'ALT-2026-000007',
  allotment_type: 'provisional',
  asset_code: 'HYD-IP-017',
  remarks: 'All in order',
  verdict: 'needs_revision',
  possession_date: '2026-04-02',
  certificate_number: 'PC-2026-000007',
  request_number: 'SR-2026-000003',
  status: 'under_scrutiny',
  role: 'zonal_manager',
  assigned_by: 'Suresh Reddy',
  to_email: 'ravi@example.com',
  template: 'invoice_overdue',
  attempts: 8,
  error: '550 Mailbox unavailable',
  reset_url: 'https://portal.example.gov.in/reset-password?token=abc',
  expires_minutes: 30,
  milestone: 'commence_construction',
  due_on: '2027-04-02',
  ended_on: '2026-05-01',
  refund_due: 450000,
  request_type: 'change_constitution',
  holder_name: 'Lakshmi Industries',
  notice_number: 'SCN-2026-000004',
  reply_by: '2026-06-01',
  outcome: 'cancelled',
  days_left: 7,
  refund_number: 'RFD-2026-000001',
  utr: 'SBIN26040112345',
  paid_on: '2026-04-10',
  gateway_order_id: 'order_Nq8x2Rw0hZ1',
  mismatch_code: 'amount_mismatch',
};

describe('mail templates', () => {
  it.each(MAIL_TEMPLATES)('%s: a subject, a text and an HTML part, with its link on the portal', (template) => {
    const mail = renderMail(template, 'en', FULL, PORTAL);
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.subject).not.toMatch(/\n/);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/undefined|NaN|\[object|\bnull\b/);
    }
    expect(mail.text).toMatch(/^Dear Ravi Kumar,/);
    expect(mail.text).toContain(PORTAL);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('Dear Ravi Kumar,');
    const href = /<a href="([^"]+)"/.exec(mail.html)?.[1];
    expect(href, 'one link to follow').toBeDefined();
    expect(href!.startsWith(`${PORTAL}/`)).toBe(true);
    expect(mail.text).toContain(href!.replace(/&amp;/g, '&'));
  });

  it('says what the parameters say, with rupees and dates as people read them', () => {
    const submitted = renderMail('application_submitted', 'en', FULL, PORTAL);
    expect(submitted.subject).toBe('Application APP-2026-000042 submitted');
    expect(submitted.text).toContain('2 invoices were raised with it: INV-2026-000101, INV-2026-000102, ₹2,11,800');
    expect(submitted.text).toContain(
      `Open the application: ${PORTAL}/applications/3f1c2a9e-5b7d-4c8e-9a0b-1d2e3f4a5b6c`,
    );
    const rejected = renderMail('document_rejected', 'en', FULL, PORTAL);
    expect(rejected.text).toContain('Reason: The scan is blurred');
    expect(rejected.text).toContain('PAN card (pan.pdf)');
    const reset = renderMail('password_reset', 'en', FULL, PORTAL);
    expect(reset.text).toContain('Choose a new password: https://portal.example.gov.in/reset-password?token=abc');
    expect(reset.text).toContain('within 30 minutes');
  });

  it('escapes every parameter in the HTML part and keeps the subject on one line', () => {
    const hostile = { ...FULL, reason: '<script>alert("x")</script> & more', application_number: 'APP-1\r\nBcc: x@y' };
    const mail = renderMail('document_rejected', 'en', hostile, PORTAL);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(escapeHtml('<script>alert("x")</script> & more'));
    expect(mail.subject).toBe('Document rejected on application APP-1 Bcc: x@y');
  });

  it('links nowhere but the portal or a full web address', () => {
    expect(renderMail('case_assigned', 'en', { ...FULL, link: '//evil.example/x' }, PORTAL).html).not.toContain(
      'evil.example',
    );
    expect(
      renderMail('password_reset', 'en', { ...FULL, reset_url: 'javascript:alert(1)' }, PORTAL).html,
    ).not.toContain('javascript:');
  });

  it('falls back to English for a language without templates, and refuses an unknown template', () => {
    expect(renderMail('case_overdue', 'ta', FULL, PORTAL)).toEqual(renderMail('case_overdue', 'en', FULL, PORTAL));
    expect(renderMail('case_overdue', 'ta', FULL, PORTAL).subject).toBe('Application APP-2026-000042 is overdue');
    expect(() => renderMail('no_such_template', 'en', FULL, PORTAL)).toThrow(/no_such_template/);
  });

  it('words a submission without invoices, and a greeting without a name', () => {
    const mail = renderMail('application_submitted', 'en', { application_number: 'APP-1', invoice_count: 0 }, PORTAL);
    expect(mail.text).toMatch(/^Hello,/);
    expect(mail.text).not.toContain('invoice');
  });
});

/** Parameters that are codes: a mail words them (a document type, a decision, a role), it does not show them. */
const CODES = new Set([
  'link',
  'milestone',
  'document_type',
  'decision',
  'invoice_type',
  'allotment_type',
  'verdict',
  'status',
  'role',
  'template',
  'request_type',
  'outcome',
]);
/** The acronyms a Hindi or Telugu reader sees in Latin letters. */
const KEPT_IN_LATIN = ['PAN', 'GST', 'DPR', 'EMD', 'UTR'];
const SCRIPTS = { hi: /[\u0900-\u097F]/, te: /[\u0C00-\u0C7F]/ } as const;

/** What is left of a mail once the parameters' own values, the addresses and the kept acronyms are taken out. */
function ownWords(text: string): string {
  let rest = text.replace(/https?:\/\/\S+/g, ' ');
  const shown = Object.entries(FULL)
    .filter(([key, value]) => typeof value === 'string' && !CODES.has(key))
    .map(([, value]) => String(value));
  for (const value of [...shown, String(FULL.template).replace(/_/g, ' '), ...KEPT_IN_LATIN]) {
    rest = rest.split(value).join(' ');
  }
  return rest;
}

describe.each(['hi', 'te'] as const)('mail templates in %s', (language) => {
  it.each(MAIL_TEMPLATES)('%s: in the language, with its link and every parameter filled', (template) => {
    const mail = renderMail(template, language, FULL, PORTAL);
    const english = renderMail(template, 'en', FULL, PORTAL);
    expect(mail.subject).not.toMatch(/\n/);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/undefined|NaN|\[object|\bnull\b|\$\{|\{\{|N\/A/);
    }
    // In the language's script, with nothing left in English but the parameters' own values.
    expect(mail.subject).toMatch(SCRIPTS[language]);
    for (const paragraph of mail.text.split('\n\n')) expect(paragraph).toMatch(SCRIPTS[language]);
    expect(ownWords(`${mail.subject}\n${mail.text}`)).not.toMatch(/[A-Za-z]{2,}/);
    expect(mail.html).toContain(`<html lang="${language}">`);
    expect(mail.text).toContain('Ravi Kumar');
    expect(mail.text).not.toBe(english.text);
    // The same link as the English mail, in both parts.
    const href = /<a href="([^"]+)"/.exec(mail.html)?.[1];
    expect(href, 'one link to follow').toBeDefined();
    expect(href).toBe(/<a href="([^"]+)"/.exec(english.html)?.[1]);
    expect(mail.text).toContain(`: ${href!.replace(/&amp;/g, '&')}`);
    expect(mail.text).toContain(PORTAL);
    // Every value the English mail shows (numbers, names, an officer's words) is shown here too.
    for (const [key, value] of Object.entries(FULL)) {
      if (typeof value === 'string' && !CODES.has(key) && english.text.includes(value)) {
        expect(mail.text, key).toContain(value);
      }
    }
  });

  it("writes amounts and dates with the language's formatters", () => {
    const format = formattersFor(language);
    const submitted = renderMail('application_submitted', language, FULL, PORTAL);
    expect(submitted.text).toContain(format.rupees(211800));
    expect(submitted.text).toContain(format.date('2026-03-31'));
    expect(submitted.text).not.toContain('31 Mar 2026');
    const reset = renderMail('password_reset', language, FULL, PORTAL);
    expect(reset.text).toContain('30');
    expect(reset.text).toContain('https://portal.example.gov.in/reset-password?token=abc');
  });

  it('greets without a name, and words a submission without invoices', () => {
    const mail = renderMail(
      'application_submitted',
      language,
      { application_number: 'APP-1', invoice_count: 0 },
      PORTAL,
    );
    expect(mail.text.split('\n')[0]).toMatch(SCRIPTS[language]);
    expect(mail.text).not.toMatch(/Dear|Hello|undefined/);
    expect(mail.text.split('\n\n')).toHaveLength(3);
  });
});

describe("the allotment's mails", () => {
  it('word the service type, the milestone and both outcomes of a show-cause notice', () => {
    expect(renderMail('service_order_issued', 'en', FULL, PORTAL).text).toContain('(change of constitution)');
    expect(renderMail('service_order_issued', 'hi', FULL, PORTAL).text).toContain('(संगठन के स्वरूप में परिवर्तन)');
    expect(renderMail('service_order_issued', 'te', FULL, PORTAL).text).toContain('(సంస్థ స్వరూపం మార్పు)');
    expect(renderMail('milestone_due_soon', 'en', FULL, PORTAL).text).toContain(
      'construction to commence is due by 2 Apr 2027, in 7 days',
    );
    expect(renderMail('show_cause_decided', 'en', FULL, PORTAL).subject).toBe('Allotment ALT-2026-000007 cancelled');
    const dropped = { ...FULL, outcome: 'dropped' };
    expect(renderMail('show_cause_decided', 'en', dropped, PORTAL).subject).toBe(
      'Show-cause notice SCN-2026-000004 dropped',
    );
    expect(renderMail('show_cause_decided', 'te', dropped, PORTAL).text).toContain('ఉపసంహరించబడింది');
  });

  it('open My plots, or the register for officers, when the notification carries no link', () => {
    const bare = { ...FULL, link: null };
    expect(renderMail('allotment_transferred', 'hi', bare, PORTAL).text).toContain(`${PORTAL}/allotments`);
    expect(renderMail('milestone_missed', 'en', bare, PORTAL).text).toContain(
      `Open the register: ${PORTAL}/officer/allotments`,
    );
  });
});

describe('the stage a decision mail quotes', () => {
  const deferred: NotificationParams = {
    application_number: 'APP-2026-000042',
    decision: 'committee_note',
    stage: 'Deferred: Site visit first',
    stage_code: 'committee_deferred',
    stage_note: 'Site visit first',
  };

  it("words a stage the portal set in the reader's language, with the committee's note as written", () => {
    expect(renderMail('decision_made', 'te', deferred, PORTAL).text).toContain('నిర్ణయం: కమిటీ వాయిదా వేసింది: Site visit first');
    expect(renderMail('decision_made', 'hi', deferred, PORTAL).text).toContain(
      'निर्णय: समिति द्वारा स्थगित: Site visit first',
    );
    expect(renderMail('decision_made', 'en', deferred, PORTAL).text).toContain('Decision: Deferred: Site visit first');
    expect(renderMail('decision_made', 'te', deferred, PORTAL).text).not.toContain('Deferred');
  });

  it("quotes an officer's own words as typed", () => {
    const typed = { ...deferred, stage: 'Waiting for the site report', stage_code: null, stage_note: null };
    expect(renderMail('decision_made', 'te', typed, PORTAL).text).toContain('నిర్ణయం: Waiting for the site report');
  });
});
