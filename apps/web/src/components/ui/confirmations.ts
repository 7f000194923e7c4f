/** Where each step that cannot be undone is confirmed on screen (decision 024): the components, under src/, that take
 * it, each through the one confirmation (a SchemaFormDialog's `confirm`, or ConfirmDialog). The contract's
 * IRREVERSIBLE_STEPS is the list; a step added there without a line here fails the typecheck and the test beside. */
import type { IrreversibleStep } from '@portal/contract';

export const CONFIRMED_IN = {
  // The committee's approval or rejection, from the application and from the Meetings screen; Update Status for an
  // officer who approves or rejects without the committee's dialog.
  // (one committee decision dialog serves both).
  approve: [
    'features/applications/components/committee-decision-dialog.tsx',
    'features/applications/applications/components/update-status-dialog.tsx',
  ],
  reject: [
    'features/applications/components/committee-decision-dialog.tsx',
    'features/applications/applications/components/update-status-dialog.tsx',
  ],
  withdraw: ['features/applications/applications/components/withdraw-dialog.tsx'],
  request_payment: ['features/applications/applications/components/update-status-dialog.tsx'],
  allot: ['features/applications/applications/components/create-allotment-dialog.tsx'],
  approve_lease_deed: ['features/applications/applications/components/verify-lease-deed-dialog.tsx'],
  record_possession: ['features/applications/applications/components/record-possession-dialog.tsx'],
  complete: ['features/applications/applications/components/update-status-dialog.tsx'],
  decide_show_cause: ['features/estate/components/show-causes/decide-show-cause-dialog.tsx'],
  reply_show_cause: ['features/estate/components/show-causes/show-cause-panel.tsx'],
  place_bid: ['features/schemes/schemes/pages/auction-room-page.tsx'],
  approve_refund: ['features/money/refunds/components/refund-dialogs.tsx'],
  close_scheme: ['features/schemes/schemes/pages/officer-scheme-detail-page.tsx'],
  decide_scheme: ['features/schemes/schemes/pages/officer-scheme-detail-page.tsx'],
  advance_clock: ['features/clock/components/advance-clock-dialog.tsx'],
} as const satisfies Record<IrreversibleStep, readonly string[]>;
