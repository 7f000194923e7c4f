// The timeline's words: every code of the contract's catalogue has a title in every language, and the entries of the
// allotment's services read their codes (service types and statuses, constitutions, outcomes) in words, with amounts
// and dates formatted.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  SERVICE_REQUEST_TYPES,
  TIMELINE_CODE_NAMES,
  timelineEnglish,
  type TimelineEvent,
  type TimelineParams,
} from '@portal/contract';
import { changeLanguage } from '../../lib/i18n';
import en from '../../features/applications/applications/i18n/en.json';
import hi from '../../features/applications/applications/i18n/hi.json';
import te from '../../features/applications/applications/i18n/te.json';
import { useTimelineText } from './timeline-text';

const event = (event_code: string, params: TimelineParams): TimelineEvent => ({
  id: 'f0000000-0000-4000-8000-000000000001',
  application_id: 'f0000000-0000-4000-8000-000000000002',
  action: 'stored action',
  user_role: 'SYSTEM',
  user_name: 'SYSTEM',
  details: 'stored details',
  timestamp: '2026-05-01T10:00:00.000Z',
  entity_type: 'allotment',
  event_code,
  params,
  internal: false,
});

/** The server's English for a code, as the timeline shows it (title and details). */
function english(code: Parameters<typeof timelineEnglish>[0], params: TimelineParams) {
  const { action, details } = timelineEnglish(code, params);
  return { title: action, details };
}

describe('the timeline catalogue', () => {
  it("says why a scheme's rule rejected an application, naming the scheme", () => {
    const words = renderHook(() => useTimelineText()).result.current;
    const moved = (outcome: string) =>
      words(
        event('status_changed', {
          event: 'scheme_not_allotted',
          from: 'under_scrutiny',
          to: 'rejected',
          stage: null,
          scheme_number: 'SCH-2026-000001',
          outcome,
          rank: outcome === 'lost' ? 2 : null,
        }),
      ).details;
    expect(moved('not_qualified')).toBe(
      'Moved from Under scrutiny to Rejected: not qualified at the close of scheme SCH-2026-000001, as it was not approved with its deposits paid by then. Its EMD is due back.',
    );
    expect(moved('lost')).toContain('scheme SCH-2026-000001 gave the plot to another application');
    expect(moved('defaulted')).toContain('the EMD was kept and the plot offered to the next bidder');
  });

  it('has a title for every code of the contract in every language', () => {
    for (const catalogue of [en, hi, te]) {
      const titled = Object.entries(catalogue.timeline)
        .filter(([, words]) => 'title' in words)
        .map(([code]) => code);
      expect(TIMELINE_CODE_NAMES.filter((code) => code !== 'legacy' && !titled.includes(code))).toEqual([]);
    }
  });

  it("words the allotment's services: a transfer, a change of constitution, a mortgage NOC, subletting", () => {
    const words = renderHook(() => useTimelineText()).result.current;
    const transferred = { request_number: 'SR-1', allotment_number: 'ALT-4', transferor: 'A Ltd', transferee: 'B Ltd' };
    expect(words(event('allotment_transferred', transferred))).toEqual(english('allotment_transferred', transferred));
    expect(
      words(
        event('holder_details_changed', {
          request_number: 'SR-2',
          changed: 'constitution',
          previous: 'proprietorship',
          value: 'private_limited',
        }),
      ),
    ).toEqual({
      title: 'Change of constitution recorded',
      details: 'Sole proprietorship → Private limited company',
    });
    expect(
      words(event('holder_details_changed', { changed: 'activity', previous: null, value: 'Food processing' })),
    ).toEqual({ title: 'Change of activity recorded', details: 'none → Food processing' });
    expect(words(event('mortgage_noc_issued', { lender: 'State Bank', loan_amount: 2500000 })).details).toBe(
      'State Bank, ₹25,00,000',
    );
    expect(words(event('subletting_permitted', { sub_lessee: 'C & Co', sublet_area: 400, months: 1 })).details).toBe(
      'C & Co: 400 for 1 month',
    );
    expect(words(event('subletting_permitted', { sub_lessee: 'C & Co', sublet_area: 400, months: 24 })).details).toBe(
      'C & Co: 400 for 24 months',
    );
  });

  it('words a show-cause notice and its outcome, and the service request types and statuses', () => {
    const words = renderHook(() => useTimelineText()).result.current;
    expect(words(event('show_cause_issued', { notice_number: 'SCN-1', reply_by: '2026-06-01' })).details).toBe(
      'SCN-1: reply by 1 Jun 2026',
    );
    const cancelled = {
      notice_number: 'SCN-1',
      outcome: 'cancelled',
      allotment_number: 'ALT-4',
      asset_code: 'HYD-PL-006',
      refund_due: 450000,
    };
    expect(words(event('show_cause_decided', cancelled))).toEqual(english('show_cause_decided', cancelled));
    expect(words(event('show_cause_decided', { notice_number: 'SCN-1', outcome: 'dropped' }))).toEqual({
      title: 'Show-cause notice dropped',
      details: 'SCN-1',
    });
    expect(
      words(event('service_request_raised', { request_number: 'SR-3', request_type: 'mortgage_noc' })).details,
    ).toBe('SR-3: Mortgage NOC');
    expect(words(event('service_request_updated', { request_number: 'SR-3', status: 'in_progress' })).title).toBe(
      'Service request in progress',
    );
  });

  it('words every service request type, a subletting area in its unit and a lapsed transfer, in Hindi', async () => {
    await changeLanguage('hi');
    try {
      const words = renderHook(() => useTimelineText()).result.current;
      const raised = SERVICE_REQUEST_TYPES.map(
        (type) => words(event('service_request_raised', { request_number: 'SR-3', request_type: type })).details,
      );
      expect(raised).toEqual(SERVICE_REQUEST_TYPES.map((type) => `SR-3: ${hi.serviceRequestTypes[type]}`));
      // In words, never codes nor English letters (NOC, EOT).
      for (const details of raised) expect(details.replace('SR-3', '')).not.toMatch(/[A-Za-z]/);
      expect(
        words(event('subletting_permitted', { sub_lessee: 'C & Co', sublet_area: 400, months: 24, unit: 'sqm' }))
          .details,
      ).toBe('C & Co: 400 वर्ग मी., 24 महीनों के लिए');
      const lapsed = {
        request_number: 'SR-4',
        status: 'rejected',
        remarks: 'The transferee did not accept the transfer within 30 days',
        reason: 'transfer_lapsed',
        days: 30,
      };
      expect(words(event('service_request_updated', lapsed))).toEqual({
        title: 'सेवा अनुरोध अस्वीकृत',
        details: 'SR-4: नामित व्यक्ति ने 30 दिनों के भीतर हस्तांतरण स्वीकार नहीं किया',
      });
    } finally {
      await changeLanguage('en');
    }
  });
});
