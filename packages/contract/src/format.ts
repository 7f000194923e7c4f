/** The en-IN formatters every screen uses for money, numbers and dates (spec section 9). */
const rupeeFormatter = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const numberFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const dateFormatter = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormatter = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const NOT_AVAILABLE = 'N/A';

export function formatRupees(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || Number.isNaN(value)) return NOT_AVAILABLE;
  return rupeeFormatter.format(value);
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return NOT_AVAILABLE;
  return numberFormatter.format(value);
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  // A plain YYYY-MM-DD is a calendar date, not an instant: read it at local noon so no zone shifts the day.
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormatter.format(date) : NOT_AVAILABLE;
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormatter.format(date) : NOT_AVAILABLE;
}

/** Badge text: underscores to spaces, in capitals. */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ').toUpperCase();
}

export type BadgeTone = 'green' | 'red' | 'blue';
export function statusTone(status: string): BadgeTone {
  if (status === 'approved') return 'green';
  if (status === 'rejected') return 'red';
  return 'blue';
}

/** Today's date as YYYY-MM-DD in local time, for date inputs' defaults. */
export function todayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
