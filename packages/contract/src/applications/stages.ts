/**
 * The stage of an application, declared once: a stage the portal sets is a code with parameters, rendered in the
 * reader's language (the web app's `ui:stages` catalogue, the mail templates); the English text below is what the
 * server also keeps in `current_stage`, the field the spec's client reads. A stage an officer types in Update Status
 * is the officer's own words: it has no code and is shown as typed.
 */
import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus, type CommitteeDecision } from '../enums';

/** The stage text the server writes for a status it sets itself (the `status` stage's English). */
export const DEFAULT_STAGE: Record<ApplicationStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted for scrutiny',
  under_scrutiny: 'Under scrutiny',
  pending_committee: 'Pending committee',
  approved: 'Approved',
  rejected: 'Rejected',
  pending_payment: 'Pending payment',
  payment_verified: 'Payment verified',
  provisional_allotment: 'Provisional allotment',
  lease_submitted: 'Lease deed submitted',
  final_allotment: 'Final allotment',
  possession_given: 'Possession given',
  under_implementation: 'Under implementation',
  completed: 'Completed',
  withdrawn: 'Withdrawn',
};

/**
 * - status: the status's own stage (params: status).
 * - committee_*: the committee's decision, with its remarks as the note when it gave any (params: note).
 * - lease_deed_*: the lease deed came back to the owner, with the officer's remarks as the note (params: note).
 */
export const STAGE_CODES = [
  'status',
  'committee_approved',
  'committee_rejected',
  'committee_deferred',
  'committee_conditional_approval',
  'lease_deed_rejected',
  'lease_deed_needs_revision',
] as const;
export type StageCode = (typeof STAGE_CODES)[number];

/** The committee's remarks, kept so that the English stage ('Conditional approval: ...') fits `current_stage`. */
export const STAGE_NOTE_MAX = 400;
const note = z.string().trim().min(1).max(STAGE_NOTE_MAX).optional();

type Note = { note?: string };
export type Stage =
  | { code: 'status'; params: { status: ApplicationStatus } }
  | { code: 'committee_approved'; params: Record<string, never> }
  | { code: Exclude<StageCode, 'status' | 'committee_approved'>; params: Note };

/** Which parameters each code takes (`status` is required where taken, `note` optional). */
const PARAMS_OF: Record<StageCode, readonly ('status' | 'note')[]> = {
  status: ['status'],
  committee_approved: [],
  committee_rejected: ['note'],
  committee_deferred: ['note'],
  committee_conditional_approval: ['note'],
  lease_deed_rejected: ['note'],
  lease_deed_needs_revision: ['note'],
};

/**
 * One object shape for every code (the answers' fast writer flattens a union of objects into one, which would keep
 * only one branch's parameters), with each code's parameters checked by the refinement.
 */
export const stageSchema = z
  .object({
    code: z.enum(STAGE_CODES),
    params: z.object({ status: z.enum(APPLICATION_STATUSES).optional(), note }),
  })
  .superRefine((stage, context) => {
    const allowed = PARAMS_OF[stage.code];
    for (const key of ['status', 'note'] as const) {
      if (stage.params[key] !== undefined && !allowed.includes(key))
        context.addIssue({ code: 'custom', path: ['params', key], message: `${stage.code} takes no ${key}` });
    }
    if (allowed.includes('status') && stage.params.status === undefined)
      context.addIssue({ code: 'custom', path: ['params', 'status'], message: `${stage.code} needs its status` });
  }) as unknown as z.ZodType<Stage>;

/** The status's own stage. */
export const statusStage = (status: ApplicationStatus): Stage => ({ code: 'status', params: { status } });

const COMMITTEE_ENGLISH = {
  committee_approved: 'pending allotment',
  committee_rejected: 'Rejected',
  committee_deferred: 'Deferred',
  committee_conditional_approval: 'Conditional approval',
  lease_deed_rejected: 'Lease deed rejected',
  lease_deed_needs_revision: 'Lease deed needs revision',
} as const satisfies Record<Exclude<StageCode, 'status'>, string>;

/** The English of a stage: `current_stage` as the spec's client reads it. */
export function stageEnglish(stage: Stage): string {
  if (stage.code === 'status') return DEFAULT_STAGE[stage.params.status];
  const base = COMMITTEE_ENGLISH[stage.code];
  return 'note' in stage.params && stage.params.note ? `${base}: ${stage.params.note}` : base;
}

/** The statuses a stage may stand beside: the status's own, or the status the committee's decision leaves. */
export function stageFitsStatus(stage: Stage, status: ApplicationStatus): boolean {
  switch (stage.code) {
    case 'status':
      return stage.params.status === status;
    case 'committee_approved':
      return status === 'approved';
    case 'committee_rejected':
      return status === 'rejected';
    case 'committee_deferred':
    case 'committee_conditional_approval':
      return status === 'pending_committee';
    case 'lease_deed_rejected':
    case 'lease_deed_needs_revision':
      return status === 'provisional_allotment' || status === 'final_allotment';
  }
}

/**
 * The stage a `current_stage` text stands for when a client sends text only (the spec's client): the target status's
 * own English stage is that stage; any other text is the officer's own words (null).
 */
export function stageOfText(status: ApplicationStatus, text: string): Stage | null {
  return text.trim() === DEFAULT_STAGE[status] ? statusStage(status) : null;
}

export interface DecisionUpdate {
  status: ApplicationStatus;
  /** The English of `stage`, for the spec's field. */
  current_stage: string;
  stage: Stage;
}

/**
 * The one mapping of a committee decision, wherever it is recorded (the officer's detail screen, the Meetings
 * screen): approved moves to approved, rejected to rejected, and deferred or conditional approval keep
 * pending_committee with the decision as the stage; the remarks are the stage's note.
 */
export function committeeDecisionUpdate(decision: CommitteeDecision, remarks: string): DecisionUpdate {
  const trimmed = remarks.trim().slice(0, STAGE_NOTE_MAX);
  const params = trimmed ? { note: trimmed } : {};
  const [status, stage]: [ApplicationStatus, Stage] =
    decision === 'approved'
      ? ['approved', { code: 'committee_approved', params: {} }]
      : decision === 'rejected'
        ? ['rejected', { code: 'committee_rejected', params }]
        : decision === 'deferred'
          ? ['pending_committee', { code: 'committee_deferred', params }]
          : ['pending_committee', { code: 'committee_conditional_approval', params }];
  return { status, current_stage: stageEnglish(stage), stage };
}

/** The stage as the flat parameters of a timeline entry or a notification (`stage_code`, `stage_note`, ...). */
export function stageToParams(stage: Stage | null): Record<string, string | null> {
  if (!stage) return { stage_code: null };
  const params: Record<string, string | null> = { stage_code: stage.code };
  for (const [key, value] of Object.entries(stage.params)) params[`stage_${key}`] = value ?? null;
  return params;
}

/** The stage back from flat parameters; null for officer words, an older entry or anything unknown. */
export function stageFromParams(params: Record<string, unknown>): Stage | null {
  if (typeof params.stage_code !== 'string') return null;
  const inner: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith('stage_') && key !== 'stage_code' && value !== null) inner[key.slice(6)] = value;
  }
  const parsed = stageSchema.safeParse({ code: params.stage_code, params: inner });
  return parsed.success ? parsed.data : null;
}

/** The statuses an officer moves an application to only with its reason (a rejection): the applicant is told why. */
export const REASON_REQUIRED_STATUSES: readonly ApplicationStatus[] = ['rejected'];

/** The least a reason holds, in characters, once trimmed. */
export const REASON_MIN = 5;

/**
 * The reason a status update gives, or null when it gives none: the committee's note on its stage, or the officer's
 * own words as the stage (the status's own stage, left as offered, says nothing). The server refuses a move to a
 * status of REASON_REQUIRED_STATUSES without one (422 reason_required, nothing written); the web forms ask for it.
 */
export function reasonOfUpdate(update: {
  status: ApplicationStatus;
  current_stage: string;
  stage?: Stage | undefined;
}): string | null {
  const words = update.stage
    ? 'note' in update.stage.params
      ? (update.stage.params.note ?? '')
      : ''
    : stageOfText(update.status, update.current_stage)
      ? ''
      : update.current_stage;
  const reason = words.trim();
  return reason.length >= REASON_MIN ? reason : null;
}

/** Whether a status update lacks the reason its status needs. */
export function lacksReason(update: { status: ApplicationStatus; current_stage: string; stage?: Stage | undefined }) {
  return REASON_REQUIRED_STATUSES.includes(update.status) && reasonOfUpdate(update) === null;
}
