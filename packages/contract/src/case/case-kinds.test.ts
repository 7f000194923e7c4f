import { describe, expect, it } from 'vitest';
import {
  BANK_CREDIT_EVENTS,
  CASE_KINDS,
  caseEventFor,
  caseEventsOffered,
  caseEventsOpen,
  LEDGER_ADJUSTMENT_EVENTS,
  REFUND_EVENTS,
  SCHEME_ENTRY_EVENTS,
  SCHEME_PLOT_STATUSES,
  SERVICE_REQUEST_EVENTS,
  SHOW_CAUSE_EVENTS,
  SHOW_CAUSE_ORDER_EVENTS,
  showCauseGuardHolds,
  type CaseEvent,
  type CaseViewer,
} from './case-kinds';
import { APPEAL_STATUSES, SERVICE_REQUEST_STATUSES, type AllotmentStatus } from '../enums';
import { SHOW_CAUSE_STATUSES } from '../estate/estate';
import { APPROVAL_STATUSES, BANK_CREDIT_STATUSES, REFUND_STATUSES } from '../money/money';
import { SCHEME_OUTCOMES, SCHEME_STATUSES } from '../schemes/schemes';
import { GRIEVANCE_STATUSES } from '../grievances/grievances';
import { SINGLE_WINDOW_PUSH_STATES } from '../single-window/single-window';

describe('the kinds of case beside the application', () => {
  const STATUSES: Record<keyof typeof CASE_KINDS, readonly string[]> = {
    service_request: SERVICE_REQUEST_STATUSES,
    appeal: APPEAL_STATUSES,
    scheme: SCHEME_STATUSES,
    scheme_entry: ['pending', ...SCHEME_OUTCOMES],
    scheme_plot: SCHEME_PLOT_STATUSES,
    show_cause: SHOW_CAUSE_STATUSES,
    refund: REFUND_STATUSES,
    ledger_adjustment: APPROVAL_STATUSES,
    bank_credit: BANK_CREDIT_STATUSES,
    grievance: GRIEVANCE_STATUSES,
    single_window_push: SINGLE_WINDOW_PUSH_STATES,
  };

  it('moves each kind only between its own statuses, and never from a status to itself', () => {
    for (const [kind, table] of Object.entries(CASE_KINDS) as [keyof typeof CASE_KINDS, object][]) {
      for (const [name, event] of Object.entries(table) as [string, CaseEvent<string, string>][]) {
        for (const status of [...event.from, ...event.to]) {
          expect(STATUSES[kind], `${kind}.${name}`).toContain(status);
        }
        expect(
          event.to.filter((to) => event.from.includes(to)),
          `${kind}.${name}`,
        ).toEqual([]);
      }
    }
  });

  it('has a checker decide every maker-checker step, never its maker', () => {
    for (const table of [REFUND_EVENTS, LEDGER_ADJUSTMENT_EVENTS, BANK_CREDIT_EVENTS]) {
      for (const event of Object.values(table) as CaseEvent<string, string>[]) {
        const checks = event.by.kind === 'staff' && event.by.permission === 'approve:finance-action';
        expect(event.guards.includes('not_the_maker')).toBe(checks);
      }
    }
  });

  it('offers a prepared refund to a checker who is not its maker, and its payment to finance once approved', () => {
    expect(caseEventsOffered(REFUND_EVENTS, 'prepared', { role: 'finance' })).toEqual(['approve', 'reject']);
    expect(caseEventsOffered(REFUND_EVENTS, 'prepared', { role: 'admin' })).toEqual(['approve', 'reject']);
    expect(caseEventsOffered(REFUND_EVENTS, 'prepared', { role: 'finance', isMaker: true })).toEqual([]);
    expect(caseEventsOffered(REFUND_EVENTS, 'approved', { role: 'finance', isMaker: true })).toEqual(['mark_paid']);
    expect(caseEventsOffered(REFUND_EVENTS, 'approved', { role: 'admin' })).toEqual([]);
    expect(caseEventsOffered(REFUND_EVENTS, 'paid', { role: 'finance' })).toEqual([]);
    expect(caseEventsOffered(REFUND_EVENTS, 'prepared', { role: 'entrepreneur', isOwner: true })).toEqual([]);
  });

  it('offers an unmatched credit to the maker and its settlement to another checker', () => {
    expect(caseEventsOffered(BANK_CREDIT_EVENTS, 'unmatched', { role: 'finance' })).toEqual([
      'prepare_settlement',
      'set_aside',
    ]);
    expect(caseEventsOffered(BANK_CREDIT_EVENTS, 'unmatched', { role: 'admin' })).toEqual([]);
    expect(caseEventsOffered(BANK_CREDIT_EVENTS, 'settlement_pending', { role: 'admin' })).toEqual([
      'approve_settlement',
      'reject_settlement',
    ]);
    expect(caseEventsOffered(BANK_CREDIT_EVENTS, 'settlement_pending', { role: 'finance', isMaker: true })).toEqual([]);
    expect(caseEventsOffered(LEDGER_ADJUSTMENT_EVENTS, 'pending', { role: 'zonal_manager' })).toEqual([]);
  });
});

describe('a service request', () => {
  it("names the officer's event of a move to a status, and none the table does not have", () => {
    expect(caseEventFor(SERVICE_REQUEST_EVENTS, 'submitted', 'in_progress')).toBe('take_up');
    expect(caseEventFor(SERVICE_REQUEST_EVENTS, 'in_progress', 'approved')).toBe('approve');
    expect(caseEventFor(SERVICE_REQUEST_EVENTS, 'submitted', 'rejected')).toBe('reject');
    expect(caseEventFor(SERVICE_REQUEST_EVENTS, 'submitted', 'approved')).toBeUndefined();
    expect(caseEventFor(SERVICE_REQUEST_EVENTS, 'approved', 'rejected')).toBeUndefined();
  });

  it('lets the portal alone lapse a transfer, and officers alone move a request on', () => {
    expect(caseEventsOffered(SERVICE_REQUEST_EVENTS, 'submitted', { role: 'zonal_manager' })).toEqual([
      'take_up',
      'reject',
    ]);
    expect(caseEventsOffered(SERVICE_REQUEST_EVENTS, 'in_progress', { role: 'entrepreneur', isOwner: true })).toEqual(
      [],
    );
    expect(caseEventsOffered(SERVICE_REQUEST_EVENTS, 'approved', { role: 'admin' })).toEqual([]);
  });
});

describe('a show-cause notice', () => {
  const notice = (status: (typeof SHOW_CAUSE_STATUSES)[number], allotment_status: AllotmentStatus = 'active') => ({
    status,
    reply_by: '2026-06-30',
    allotment_status,
  });

  it('takes the reply up to and on its reply-by day, and not a day after', () => {
    expect(showCauseGuardHolds('within_reply_by', notice('awaiting_reply'), '2026-06-29')).toBe(true);
    expect(showCauseGuardHolds('within_reply_by', notice('awaiting_reply'), '2026-06-30')).toBe(true);
    expect(showCauseGuardHolds('within_reply_by', notice('awaiting_reply'), '2026-07-01')).toBe(false);
  });

  it('is ordered after the reply at once, and unanswered only once its reply-by day has passed', () => {
    expect(showCauseGuardHolds('reply_closed', notice('replied'), '2026-06-01')).toBe(true);
    expect(showCauseGuardHolds('reply_closed', notice('awaiting_reply'), '2026-06-30')).toBe(false);
    expect(showCauseGuardHolds('reply_closed', notice('awaiting_reply'), '2026-07-01')).toBe(true);
  });

  it('cancels only an allotment still active', () => {
    expect(showCauseGuardHolds('allotment_active', notice('replied'), '2026-07-01')).toBe(true);
    expect(showCauseGuardHolds('allotment_active', notice('replied', 'surrendered'), '2026-07-01')).toBe(false);
    expect(SHOW_CAUSE_EVENTS[SHOW_CAUSE_ORDER_EVENTS.cancelled].guards).toContain('allotment_active');
    expect(SHOW_CAUSE_EVENTS[SHOW_CAUSE_ORDER_EVENTS.dropped].guards).not.toContain('allotment_active');
  });

  it('offers its holder the reply only until the reply-by day, and an officer the orders only after it', () => {
    const open = (status: (typeof SHOW_CAUSE_STATUSES)[number], viewer: CaseViewer, today: string) =>
      caseEventsOpen(SHOW_CAUSE_EVENTS, status, viewer, (guard) => showCauseGuardHolds(guard, notice(status), today));
    const holder: CaseViewer = { role: 'entrepreneur', isOwner: true };
    expect(open('awaiting_reply', holder, '2026-06-30')).toEqual(['reply']);
    expect(open('awaiting_reply', holder, '2026-07-01')).toEqual([]);
    expect(open('awaiting_reply', { role: 'ho' }, '2026-06-30')).toEqual([]);
    expect(open('awaiting_reply', { role: 'ho' }, '2026-07-01')).toEqual(['cancel_allotment', 'drop']);
  });

  it('is answered by its holder alone and ordered by the officers who issue notices', () => {
    expect(caseEventsOffered(SHOW_CAUSE_EVENTS, 'awaiting_reply', { role: 'entrepreneur', isOwner: true })).toEqual([
      'reply',
    ]);
    expect(caseEventsOffered(SHOW_CAUSE_EVENTS, 'awaiting_reply', { role: 'entrepreneur', isOwner: false })).toEqual(
      [],
    );
    expect(caseEventsOffered(SHOW_CAUSE_EVENTS, 'replied', { role: 'zonal_manager' })).toEqual([
      'cancel_allotment',
      'drop',
    ]);
    expect(caseEventsOffered(SHOW_CAUSE_EVENTS, 'replied', { role: 'finance' })).toEqual([]);
    expect(caseEventsOffered(SHOW_CAUSE_EVENTS, 'decided', { role: 'admin' })).toEqual([]);
  });
});

describe("a scheme's entry", () => {
  it('is moved by the portal alone, each outcome from the one step it follows', () => {
    expect(caseEventFor(SCHEME_ENTRY_EVENTS, 'pending', 'waitlisted', 'system')).toBe('settle');
    expect(caseEventFor(SCHEME_ENTRY_EVENTS, 'won', 'defaulted', 'system')).toBe('default');
    expect(caseEventFor(SCHEME_ENTRY_EVENTS, 'waitlisted', 'won', 'system')).toBe('promote');
    expect(caseEventFor(SCHEME_ENTRY_EVENTS, 'waitlisted', 'lost', 'system')).toBe('lose_to_winner');
    // A result is not written twice, nor over a loss, a default or an entry not qualified.
    expect(caseEventFor(SCHEME_ENTRY_EVENTS, 'won', 'won', 'system')).toBeUndefined();
    expect(caseEventFor(SCHEME_ENTRY_EVENTS, 'lost', 'won', 'system')).toBeUndefined();
    expect(caseEventFor(SCHEME_ENTRY_EVENTS, 'defaulted', 'won', 'system')).toBeUndefined();
    expect(caseEventFor(SCHEME_ENTRY_EVENTS, 'not_qualified', 'lost', 'system')).toBeUndefined();
    // Nobody fires them by hand.
    expect(caseEventFor(SCHEME_ENTRY_EVENTS, 'pending', 'won')).toBeUndefined();
    expect(caseEventsOffered(SCHEME_ENTRY_EVENTS, 'pending', { role: 'admin' })).toEqual([]);
  });
});
