// Why an application ended, read from the parameters of the move that ended it: a scheme's close or result, the
// committee, an officer, the applicant.
import { describe, expect, it } from 'vitest';
import { closingReasonOf } from './closing-reasons';

describe('closingReasonOf', () => {
  it("names a scheme's rule with the scheme (and a loser's place)", () => {
    const base = { event: 'scheme_not_allotted', from: 'under_scrutiny', to: 'rejected', scheme_number: 'SCH-1' };
    expect(closingReasonOf({ ...base, outcome: 'not_qualified', rank: null })).toEqual({
      code: 'scheme_not_qualified',
      params: { scheme_number: 'SCH-1' },
    });
    expect(closingReasonOf({ ...base, outcome: 'lost', rank: 3 })).toEqual({
      code: 'scheme_lost',
      params: { scheme_number: 'SCH-1', rank: 3 },
    });
    expect(closingReasonOf({ ...base, outcome: 'defaulted', rank: 1 })).toEqual({
      code: 'scheme_defaulted',
      params: { scheme_number: 'SCH-1' },
    });
  });

  it("names a person's rejection with their words, and a withdrawal with its reason", () => {
    expect(
      closingReasonOf({
        event: 'reject',
        to: 'rejected',
        stage_code: 'committee_rejected',
        stage_note: 'No land title',
      }),
    ).toEqual({ code: 'committee_rejected', params: { note: 'No land title' } });
    expect(closingReasonOf({ event: 'reject', to: 'rejected', stage: 'Incomplete DPR', stage_code: null })).toEqual({
      code: 'officer_rejected',
      params: { note: 'Incomplete DPR' },
    });
    expect(
      closingReasonOf({
        event: 'reject',
        to: 'rejected',
        stage: 'Rejected',
        stage_code: 'status',
        stage_status: 'rejected',
      }),
    ).toEqual({ code: 'officer_rejected', params: { note: null } });
    expect(closingReasonOf({ event: 'withdraw', to: 'withdrawn', reason: 'Found land elsewhere' })).toEqual({
      code: 'withdrawn',
      params: { note: 'Found land elsewhere' },
    });
    expect(closingReasonOf({ event: 'approve', to: 'approved' })).toBeNull();
  });
});
