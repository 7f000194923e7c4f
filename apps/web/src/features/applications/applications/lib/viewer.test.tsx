// The viewer's words: staff read an entry's _staff variant where the catalogue has one, the applicant the entry
// itself; an entry without a variant reads the same for both.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@portal/contract';
import { isStaff, useViewerText } from './viewer';

describe('the viewer of an application', () => {
  it('is staff for every role but the entrepreneur', () => {
    expect(ROLES.filter(isStaff)).toEqual(['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin']);
  });

  it("reads the officer wording for staff and the applicant's for the applicant", () => {
    const applicant = renderHook(() => useViewerText('entrepreneur')).result.current;
    const officer = renderHook(() => useViewerText('legal')).result.current;
    expect(applicant('detail.documents.states.pending')).toBe('Pending');
    expect(officer('detail.documents.states.pending')).toBe('Not verified');
    expect(applicant('detail.timeline.by', { name: 'Lakshmi Rao', role: 'Zonal manager' })).toBe('by Lakshmi Rao');
    expect(officer('detail.timeline.by', { name: 'Lakshmi Rao', role: 'Zonal manager' })).toBe(
      'Lakshmi Rao (Zonal manager)',
    );
    expect(officer('detail.documents.verify')).toBe('Verify');
    expect(applicant('list.jobs', { count: 2 })).toBe('2 jobs');
    expect(officer('list.jobs', { count: 1 })).toBe('1 job');
  });
});
