// Notification words: every code has a sentence and a plain one; parameters are formatted by their names; a missing
// parameter falls back to the plain sentence; only this app's paths are followed.
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CODES } from '@portal/contract';
import catalogue from '../i18n/en.json';
import { formatParam, notificationNote, notificationText, safeLink } from './notification-text';

const t = i18n.getFixedT('en', 'notifications');

describe('notification words', () => {
  it('has a sentence and a plain sentence for every notification code, and variants only of those', () => {
    const codes: readonly string[] = NOTIFICATION_CODES;
    for (const sentences of [catalogue.notifications, catalogue.plain]) {
      const keys = Object.keys(sentences);
      expect(keys.filter((key) => codes.includes(key)).sort()).toEqual([...codes].sort());
      for (const key of keys) expect(codes.some((code) => key.startsWith(`${code}_`) || key === code)).toBe(true);
    }
    for (const sentence of Object.values(catalogue.plain)) expect(sentence).not.toContain('{{');
    for (const key of Object.keys(catalogue.notes)) expect(codes).toContain(key);
  });

  it("carries the person's own words under the sentence when the notification has them", () => {
    const rejected = {
      code: 'document_rejected',
      params: {
        application_number: 'APP-3',
        document_type: 'bank_proof',
        file_name: 'bank.pdf',
        reason: ' The letter is not signed ',
      },
    } as const;
    expect(notificationText(t, rejected)).toBe(
      'A document on application APP-3 was rejected (bank.pdf). Upload a replacement.',
    );
    expect(notificationNote(t, rejected)).toBe('Reason: The letter is not signed');
    expect(notificationNote(t, { ...rejected, params: { ...rejected.params, reason: null } })).toBeNull();
    expect(notificationNote(t, { code: 'lease_deed_returned', params: { remarks: 'Stamp duty missing' } })).toBe(
      'Remarks: Stamp duty missing',
    );
    expect(notificationNote(t, { code: 'case_assigned', params: { assigned_by: 'Suresh Reddy' } })).toBeNull();
  });

  it('words the allotment after possession: the milestone extended and its new date, a surrender and its refund', () => {
    expect(
      notificationText(t, {
        code: 'milestone_extended',
        params: { application_number: 'APP-5', milestone: 'commence_construction', due_on: '2028-09-26' },
      }),
    ).toBe('Construction on application APP-5 is now due to commence by 26 Sept 2028.');
    expect(
      notificationText(t, {
        code: 'allotment_surrendered',
        params: {
          application_number: 'APP-8',
          allotment_number: 'ALT-4',
          ended_on: '2026-03-26',
          refund_due: 450000,
        },
      }),
    ).toBe('Allotment ALT-4 (application APP-8) was surrendered on 26 Mar 2026. Refund due: ₹4,50,000.');
  });

  it("words the allotment's services and notices: the type of an order, the milestone, the outcome", () => {
    expect(
      notificationText(t, {
        code: 'service_order_issued',
        params: { request_number: 'SR-6', request_type: 'change_constitution', allotment_number: 'ALT-4' },
      }),
    ).toBe('Service request SR-6 (change of constitution) on allotment ALT-4 took effect, and its order is issued.');
    expect(
      notificationText(t, {
        code: 'milestone_due_soon',
        params: { allotment_number: 'ALT-4', milestone: 'start_production', due_on: '2027-01-31', days_left: 7 },
      }),
    ).toBe('Production on allotment ALT-4 is due to start by 31 Jan 2027, in 7 days.');
    expect(
      notificationText(t, {
        code: 'show_cause_issued',
        params: { notice_number: 'SCN-2', allotment_number: 'ALT-4', reply_by: '2026-07-01' },
      }),
    ).toBe('Show-cause notice SCN-2 was issued on allotment ALT-4. Reply by 1 Jul 2026.');
    const decided = {
      code: 'show_cause_decided',
      params: { notice_number: 'SCN-2', allotment_number: 'ALT-4', outcome: 'cancelled' },
    } as const;
    expect(notificationText(t, decided)).toBe('Show-cause notice SCN-2 was decided: allotment ALT-4 is cancelled.');
    expect(notificationText(t, { ...decided, params: { ...decided.params, outcome: 'dropped' } })).toBe(
      'Show-cause notice SCN-2 on allotment ALT-4 was dropped.',
    );
    expect(notificationText(t, { ...decided, params: { outcome: 'cancelled' } })).toBe('Your allotment was cancelled.');
    expect(
      notificationText(t, {
        code: 'transfer_offered',
        params: { request_number: 'SR-7', allotment_number: 'ALT-4', asset_code: null, holder_name: 'Lakshmi' },
      }),
    ).toBe('A holder offers to transfer a plot to you. Accept it in My plots.');
  });

  it('picks the variant a parameter names: the decision, the verdict, the count of invoices', () => {
    const approved = { code: 'decision_made', params: { application_number: 'APP-1', decision: 'approved' } } as const;
    expect(notificationText(t, approved)).toBe('Application APP-1 was approved.');
    expect(notificationText(t, { ...approved, params: { ...approved.params, decision: 'rejected' } })).toBe(
      'Application APP-1 was rejected.',
    );
    expect(notificationText(t, { ...approved, params: { ...approved.params, decision: 'something_new' } })).toBe(
      'A decision was recorded on application APP-1. Open it to read the decision.',
    );
    expect(
      notificationText(t, {
        code: 'service_request_decided',
        params: { request_number: 'SR-2026-000004', status: 'rejected', remarks: null },
      }),
    ).toBe('Service request SR-2026-000004 was rejected.');
    const submitted = {
      code: 'application_submitted',
      params: {
        application_number: 'APP-7',
        invoice_count: 1,
        invoice_numbers: 'INV-9',
        total_amount: 11800,
        due_date: '2026-12-01',
      },
    } as const;
    expect(notificationText(t, submitted)).toBe(
      'Application APP-7 was submitted with invoice INV-9 for ₹11,800, due by 1 Dec 2026.',
    );
    expect(
      notificationText(t, {
        ...submitted,
        params: { ...submitted.params, invoice_count: 0, invoice_numbers: null, total_amount: 0, due_date: null },
      }),
    ).toBe('Application APP-7 was submitted. Keep the number for your records.');
  });

  it('formats money, days and instants by the parameter name, and leaves the rest as sent', () => {
    expect(formatParam('amount', 1180000)).toBe('₹11,80,000');
    expect(formatParam('balance_amount', '2500')).toBe('₹2,500');
    expect(formatParam('due_date', '2026-12-20')).toBe('20 Dec 2026');
    expect(formatParam('stage_due_on', '2026-01-05')).toBe('5 Jan 2026');
    expect(formatParam('respond_by', '2026-01-05')).toBe('5 Jan 2026');
    expect(formatParam('assigned_by', 'Suresh Reddy')).toBe('Suresh Reddy');
    expect(formatParam('decided_at', '2026-11-20T10:15:00.000Z')).toBe('20 Nov 2026, 03:45 pm');
    expect(formatParam('application_number', 'APP-2026-000001')).toBe('APP-2026-000001');
    expect(formatParam('attempts', 3)).toBe(3);
  });

  it('words a notification with its parameters, or plainly when one is missing or null', () => {
    expect(
      notificationText(t, {
        code: 'case_overdue',
        params: { application_number: 'APP-2026-000009', due_date: '2026-11-02' },
      }),
    ).toBe('Application APP-2026-000009 was due on 2 Nov 2026 and is still waiting on your team.');
    expect(notificationText(t, { code: 'case_overdue', params: { application_number: 'APP-2026-000009' } })).toBe(
      'An application is past its due date.',
    );
    expect(
      notificationText(t, { code: 'case_overdue', params: { application_number: 'APP-2026-000009', due_date: null } }),
    ).toBe('An application is past its due date.');
  });

  it("tells the head office a draw's beacon round was refused, and plainly when a parameter is missing", () => {
    const refused = {
      code: 'beacon_round_refused',
      params: { scheme_number: 'SCH-2026-000004', round: 34556813, beacon_id: 'quicknet' },
    } as const;
    expect(notificationText(t, refused)).toBe(
      "Scheme SCH-2026-000004: the beacon's round 34556813 (quicknet) came with a signature that does not verify; it was refused and the draw waits.",
    );
    expect(notificationText(t, { code: 'beacon_round_refused', params: { scheme_number: 'SCH-2026-000004' } })).toBe(
      "A beacon's round for a draw came with a signature that does not verify; it was refused and the draw waits.",
    );
  });

  it('follows only paths of this app', () => {
    expect(safeLink('/applications/1')).toBe('/applications/1');
    expect(safeLink('/officer/outbox?status=failed')).toBe('/officer/outbox?status=failed');
    expect(safeLink('//evil.example/x')).toBeNull();
    expect(safeLink('/\\evil.example')).toBeNull();
    expect(safeLink('https://evil.example/')).toBeNull();
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink(null)).toBeNull();
  });
});
