/** The corporation's calendar for this process: BUSINESS_TIME_ZONE (default Asia/Kolkata) and BUSINESS_HOLIDAYS
 * (comma-separated YYYY-MM-DD dates), read once. Clocks, due dates, overdue and reports all use it. */
import { businessCalendar, DEFAULT_BUSINESS_TIME_ZONE, type BusinessCalendar } from '@portal/contract';

export function calendarFrom(env: NodeJS.ProcessEnv = process.env): BusinessCalendar {
  const holidays = (env.BUSINESS_HOLIDAYS ?? '')
    .split(',')
    .map((day) => day.trim())
    .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day));
  return businessCalendar(env.BUSINESS_TIME_ZONE || DEFAULT_BUSINESS_TIME_ZONE, holidays);
}

export const CALENDAR: BusinessCalendar = calendarFrom();
