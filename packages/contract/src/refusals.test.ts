import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './error-body';
import { readRefusal, REFUSAL_PARAMS, REFUSAL_REASONS } from './refusals';

describe('refusal reasons', () => {
  it('are declared once, each with its parameters', () => {
    expect(new Set(REFUSAL_REASONS).size).toBe(REFUSAL_REASONS.length);
    expect(REFUSAL_REASONS).toEqual(Object.keys(REFUSAL_PARAMS));
    for (const reason of REFUSAL_REASONS) expect(reason).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('travel in the error body beside detail and code', () => {
    const body = {
      detail: 'An application in status SUBMITTED cannot be moved to APPROVED',
      code: 'wrong_state',
      reason: 'transition_not_allowed',
      params: { from: 'submitted', to: 'approved' },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.safeParse({ ...body, reason: 'made_up' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ detail: 'Not found', code: 'not_found' }).success).toBe(true);
  });

  it('are read back only when the reason is known and its parameters fit it', () => {
    expect(readRefusal({ reason: 'transition_not_allowed', params: { from: 'submitted', to: 'approved' } })).toEqual({
      reason: 'transition_not_allowed',
      params: { from: 'submitted', to: 'approved' },
    });
    expect(readRefusal({ reason: 'documents_not_verified', params: { documents: ['dpr', 'pan_card'] } })).toEqual({
      reason: 'documents_not_verified',
      params: { documents: ['dpr', 'pan_card'] },
    });
    expect(readRefusal({ reason: 'query_open' })).toEqual({ reason: 'query_open', params: {} });
    expect(readRefusal({ reason: 'outbox_not_failed', params: { status: 'sent' } })).toEqual({
      reason: 'outbox_not_failed',
      params: { status: 'sent' },
    });

    expect(readRefusal({ reason: 'transition_not_allowed', params: { from: 'submitted', to: 'nowhere' } })).toBeNull();
    expect(readRefusal({ reason: 'documents_not_verified', params: { documents: [] } })).toBeNull();
    expect(readRefusal({ reason: 'outbox_not_failed', params: {} })).toBeNull();
    expect(readRefusal({ reason: 'made_up' })).toBeNull();
    expect(readRefusal({ detail: 'Oops', code: 'wrong_state' })).toBeNull();
    expect(readRefusal(null)).toBeNull();
    expect(readRefusal('wrong_state')).toBeNull();
  });
});
