/** The publish form's values as typed (text), the request they make, and its errors worded per field: the contract's
 * schema decides what is wrong, the catalogue (`schemes:create.errors.<field>.<reason>`) says it. */
import type { z } from 'zod';
import {
  createSchemeRequestSchema,
  SCHEME_RULES,
  type ApplicantCategory,
  type CreateSchemeRequest,
  type SchemeMode,
} from '@portal/contract';

export interface PlotValue {
  asset_id: string;
  label: string;
  reserve_price: string;
}

export interface ReservationValue {
  category: ApplicantCategory | '';
  share_percent: string;
}

export interface SchemeFormValues {
  title: string;
  mode: SchemeMode;
  /** datetime-local text, in the browser's time zone. */
  opens_at: string;
  closes_at: string;
  plots: PlotValue[];
  reservations: ReservationValue[];
  min_investment: string;
  increment: string;
  auction_starts_at: string;
  auction_ends_at: string;
  extension_window_minutes: string;
  extension_minutes: string;
}

export const emptySchemeForm = (): SchemeFormValues => ({
  title: '',
  mode: 'draw',
  opens_at: '',
  closes_at: '',
  plots: [],
  reservations: [],
  min_investment: '',
  increment: '',
  auction_starts_at: '',
  auction_ends_at: '',
  extension_window_minutes: String(SCHEME_RULES.extensionWindowMinutes),
  extension_minutes: String(SCHEME_RULES.extensionMinutes),
});

/** A datetime-local value as an instant with its offset; '' stays '' (the schema then asks for it). */
export function instantOf(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

export function requestOf(values: SchemeFormValues): CreateSchemeRequest {
  const auction = values.mode === 'auction';
  return {
    title: values.title,
    mode: values.mode,
    opens_at: instantOf(values.opens_at),
    closes_at: instantOf(values.closes_at),
    plots: values.plots.map((plot) => ({
      asset_id: plot.asset_id,
      ...(auction ? { reserve_price: numberOf(plot.reserve_price) } : {}),
    })),
    reservations: values.reservations.map((reservation) => ({
      category: reservation.category as ApplicantCategory,
      share_percent: numberOf(reservation.share_percent) as number,
    })),
    min_investment: numberOf(values.min_investment) ?? null,
    ...(auction
      ? {
          increment: numberOf(values.increment),
          auction_starts_at: instantOf(values.auction_starts_at) || undefined,
          auction_ends_at: instantOf(values.auction_ends_at) || undefined,
          extension_window_minutes: numberOf(values.extension_window_minutes),
          extension_minutes: numberOf(values.extension_minutes),
        }
      : {}),
  };
}

/** The control of a field path ('plots.0.reserve_price' → scheme-plots-0-reserve_price). */
export const fieldIdOf = (path: string) => `scheme-${path.replace(/\./g, '-')}`;

/** The contract's own sentences for its cross-field checks, as the catalogue's reasons. */
const REASONS: Record<string, string> = {
  'Close applications after they open': 'beforeOpens',
  'The reserved shares add up to more than 100%': 'over100',
  'Reserve a share for each category once': 'duplicate',
  'Offer each plot once': 'duplicate',
  'An auction needs a minimum increment': 'required',
  'Give the reserve price': 'required',
  'Give the time bidding starts': 'required',
  'Start bidding after applications close': 'beforeClose',
  'Give the time bidding ends': 'required',
  'End bidding after it starts': 'beforeStart',
  'Offer at least one plot': 'required',
};

/** The catalogue's field name for a path: a plot's or reservation's own field by its name. */
export function fieldNameOf(path: readonly PropertyKey[]): string {
  const named = path.filter((part) => typeof part === 'string');
  const last = named[named.length - 1];
  return path.length > 1 && typeof path[1] === 'number' && last ? String(last) : String(path[0] ?? 'form');
}

export interface FieldIssue {
  path: string;
  field: string;
  reason: string;
}

function missing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isNaN(value));
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = body;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** The form's problems, one per field, in the order the schema found them. */
export function issuesOf(body: CreateSchemeRequest, error: z.ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const field = fieldNameOf(issue.path);
    const reason =
      REASONS[issue.message] ??
      (missing(valueAt(body, issue.path)) ? 'required' : issue.code === 'custom' ? 'invalid' : issue.code);
    issues.push({ path: path || 'form', field, reason });
  }
  return issues;
}

/** The fields in the order the form shows them, so the error summary reads top to bottom. */
const ON_SCREEN: readonly string[] = [
  'title',
  'mode',
  'opens_at',
  'closes_at',
  'plots',
  'reservations',
  'min_investment',
  'increment',
  'auction_starts_at',
  'auction_ends_at',
  'extension_window_minutes',
  'extension_minutes',
];

function placeOf(path: string): [number, number] {
  const [top = '', index] = path.split('.');
  const at = ON_SCREEN.indexOf(top);
  return [at === -1 ? ON_SCREEN.length : at, index === undefined ? -1 : Number(index)];
}

export function inScreenOrder<Issue extends { path: string }>(issues: Issue[]): Issue[] {
  return [...issues].sort((a, b) => {
    const [topA, indexA] = placeOf(a.path);
    const [topB, indexB] = placeOf(b.path);
    return topA - topB || indexA - indexB;
  });
}

export function validate(values: SchemeFormValues): { body: CreateSchemeRequest; issues: FieldIssue[] } {
  const body = requestOf(values);
  const parsed = createSchemeRequestSchema.safeParse(body);
  return { body, issues: parsed.success ? [] : inScreenOrder(issuesOf(body, parsed.error)) };
}
