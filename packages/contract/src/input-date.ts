/** Dates as people type them on forms: day first (dd/mm/yyyy), whatever the browser's locale. The API keeps
 * YYYY-MM-DD; these two functions translate between the form's text and the API's day. */
import { DATE_YEAR_RANGE } from './schemas';

/** What a date field shows as its placeholder and hint. */
export const INPUT_DATE_FORMAT = 'dd/mm/yyyy';

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** The YYYY-MM-DD day a person typed as d/m/yyyy (slashes, dots or dashes; a pasted YYYY-MM-DD is read too), or
 * null when it is no real day (31/04, 29/02 outside a leap year) or its year is outside DATE_YEAR_RANGE. */
export function parseInputDate(text: string): string | null {
  const trimmed = text.trim();
  const dayFirst = DAY_FIRST.exec(trimmed);
  const yearFirst = dayFirst ? null : YEAR_FIRST.exec(trimmed);
  if (!dayFirst && !yearFirst) return null;
  const [day, month, year] = dayFirst
    ? [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])]
    : [Number(yearFirst![3]), Number(yearFirst![2]), Number(yearFirst![1])];
  if (year < DATE_YEAR_RANGE.min || year > DATE_YEAR_RANGE.max) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The text a date field shows for a YYYY-MM-DD day: dd/mm/yyyy; '' for no day. */
export function toInputDate(isoDay: string | null | undefined): string {
  const match = isoDay ? YEAR_FIRST.exec(isoDay.slice(0, 10)) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
