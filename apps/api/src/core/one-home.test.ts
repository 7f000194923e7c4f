/** Each small rule has one home, and a second copy fails here: rounding to paise (the contract's roundRupees),
 * "invoice overdue" (core/invoice-overdue.ts), "is the applicant" (the contract's isApplicant), "the allotment has ended" (allotmentEnded) and "due soon" (the
 * contract's isDueSoon, one meaning for the clock badge and the pendency) and "the maker may not check"
 * (core/maker-checker.ts), calendar days added to a day (the contract's addCalendarDays) and where a business day starts (businessDayStartOf). The scan reads the server, the web app and the contract, tests apart. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCE_ROOTS = ['apps/api/src', 'apps/web/src', 'packages/contract/src'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = SOURCE_ROOTS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => ({
  name: path.relative(ROOT, file).split(path.sep).join('/'),
  text: fs.readFileSync(file, 'utf8'),
}));

interface Rule {
  what: string;
  /** The one file allowed to say it (and any other named with the reason it is not a copy). */
  homes: readonly string[];
  pattern: RegExp;
  copies: readonly string[];
  sound: readonly string[];
}

const RULES: Rule[] = [
  {
    what: 'rounding rupees to paise (use roundRupees)',
    homes: [
      'packages/contract/src/limits.ts',
      // Rounds a count of lakh or crore to two places for the compact figure, not rupees to paise.
      'packages/contract/src/format.ts',
    ],
    pattern: /Math\.round\([^;\n]*\*\s*100\s*\)\s*\/\s*100(?![\d.])/,
    copies: [
      'const money = (value: number) => Math.round(value * 100) / 100;',
      'amount: Math.round((entry.amount - emdPaid) * 100) / 100,',
    ],
    sound: ['const percent = Math.round(rate * 100);', 'Math.round((paise * rate * days) / 365) / 100'],
  },
  {
    what: 'an invoice being overdue (use invoiceOverdue or isInvoiceOverdue)',
    homes: ['apps/api/src/core/invoice-overdue.ts'],
    pattern: /'pending'[^`;]{0,80}?(due_date|dueDate)\}?\s*<|\bdueDate\s*<\s*today\b/,
    copies: [
      "sql`${invoiceParts.status} = 'pending' and ${invoiceParts.dueDate} < ${sql.placeholder('today')}`",
      "from invoices i where i.status = 'pending' and i.due_date < ${today}::date",
      "return row.dueDate < today ? 'overdue' : 'pending';",
    ],
    sound: ["overdue: row.status === 'filed' && row.dueOn < today,", "eq(invoices.status, 'pending'),"],
  },
  {
    what: 'whether a user is the applicant (use isApplicant or isApplicantRole)',
    homes: ['packages/contract/src/roles.ts'],
    pattern: /\brole\s*[!=]==\s*'entrepreneur'/,
    copies: [
      "if (user.role !== 'entrepreneur') throw forbidden();",
      "const mayIssue = (role: Role) => role === 'entrepreneur';",
    ],
    sound: ['if (!isApplicant(user)) throw forbidden();', "roles: ['entrepreneur'],"],
  },
  {
    what: 'when a step is due soon (use isDueSoon or ageBandDueRange)',
    homes: ['packages/contract/src/deadlines/pendency.ts'],
    // A stage's clock only: an invoice's reminder window (notify-reminders.ts) is another rule.
    pattern: /\bSOON_WORKING_DAYS\b|DUE_SOON_WITHIN_DAYS|workingDaysBetween\([^)]*(stage_due_on|stageDueOn)/,
    copies: [
      'const SOON_WORKING_DAYS = 2;',
      'return { from: day(DUE_SOON_WITHIN_DAYS) };',
      'return workingDaysBetween(today, clock.stage_due_on) <= 2;',
    ],
    sound: ["return isDueSoon(clock.stage_due_on, today) ? 'soon' : 'later';", 'export const DUE_SOON_DAYS = 7;'],
  },
  {
    what: 'which statuses end an allotment (use allotmentEnded or ENDED_ALLOTMENT_STATUSES)',
    homes: ['packages/contract/src/enums.ts'],
    pattern: /'surrendered'\s*(\|\||,)\s*[\w.\s=]*'cancelled'|'cancelled'\s*(\|\||,)\s*[\w.\s=]*'surrendered'/,
    copies: [
      "return status === 'surrendered' || status === 'cancelled';",
      "notInArray(allotments.status, ['cancelled', 'surrendered'])",
      "where al.status in ('surrendered', 'cancelled') and al.refund_due > 0",
    ],
    sound: ["if (allotment.status === 'cancelled' && !previous && allotment.ended_on)", "cancelled: 'red',"],
  },
  {
    what: 'a due date some days on (use dueDateFrom: the business day, whatever a daylight-saving change does)',
    homes: ['apps/api/src/core/dates.ts'],
    pattern: /isoDay\(\s*addDays\(/,
    copies: ['const dueDate = isoDay(addDays(clock.now(), FEES.invoiceDueDays));'],
    sound: ['dueDate: dueDateFrom(now, FEES.invoiceDueDays),', 'const at = addDays(now, 1);', 'isoDay(at)'],
  },
  {
    what: 'calendar days added to a day (use addCalendarDays)',
    homes: [
      'packages/contract/src/time/business-calendar.ts',
      // The tests' expected values, worked out apart from the code under test on purpose.
      'apps/api/src/test/expected.ts',
    ],
    pattern: /\.set(UTC)?Date\(/,
    copies: [
      'date.setUTCDate(date.getUTCDate() + days);',
      'next.setUTCDate(next.getUTCDate() + 1);',
      'copy.setDate(copy.getDate() - 7);',
    ],
    sound: ['return addCalendarDays(day, weeks * 7 - sinceMonday);', 'const weekday = date.getUTCDay();'],
  },
  {
    what: "where a business day starts (use businessDayStartOf: midnight in the calendar's zone, not India's by hand)",
    homes: ['apps/api/src/core/dates.ts', 'packages/contract/src/time/business-calendar.ts'],
    pattern: /T00:00:00\+05:30/,
    copies: [
      'const dayStart = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString();',
      'const figures = await grievanceFiguresSince(db, new Date(`${since}T00:00:00+05:30`));',
    ],
    sound: ['const start = businessDayStartOf(from).toISOString();', 'new Date(`${day}T10:00:00+05:30`)'],
  },
  {
    what: "today (the server's businessTodayIso; the web's and the contract's businessToday)",
    homes: ['apps/api/src/core/dates.ts', 'packages/contract/src/time/business-calendar.ts'],
    pattern: /businessToday\([^()]*(\(\))?\s*,\s*CALENDAR\)|(function|const)\s+todayIso\b/,
    copies: [
      'const today = businessToday(clock.now(), CALENDAR);',
      'if (request.respond_by < businessToday(now, CALENDAR)) throw unprocessable(RESPOND_BY_PAST);',
      'export function todayIso(now: Date = portalNow()): string {',
    ],
    sound: [
      'const today = businessTodayIso();',
      'const approvedOn = businessDay(refund.approvedAt, CALENDAR);',
      "respond_by: inputDate().refine((day) => day >= businessToday(), { error: 'in_past' }),",
    ],
  },
  {
    what: 'that the maker may not check (use refuseMakerAsChecker)',
    homes: ['apps/api/src/core/maker-checker.ts'],
    pattern: /by someone other than the person who prepared it|forbidden\(.*['"]maker_cannot_check['"]/,
    copies: [
      "throw forbidden('The refund must be approved by someone else', 'maker_cannot_check');",
      "        'The settlement must be approved by someone other than the person who prepared it',",
    ],
    sound: [
      "refuseMakerAsChecker(refund.preparedBy, user.id, 'refund', 'approved');",
      "  'maker_cannot_check',",
      "'reference). Never by its maker: 403 maker_cannot_check.',",
    ],
  },
];

describe('each small rule in one home', () => {
  it('reads the server, the web app and the contract', () => {
    const names = files.map((file) => file.name);
    for (const rule of RULES) for (const home of rule.homes) expect(names).toContain(home);
    expect(names).toContain('apps/web/src/features/schemes/schemes/lib/live-lots.ts');
    expect(files.length).toBeGreaterThan(500);
  });

  for (const rule of RULES) {
    it(`says ${rule.what} in one place`, () => {
      const copies = files
        .filter((file) => !rule.homes.includes(file.name))
        .flatMap((file) =>
          file.text
            .split('\n')
            .flatMap((line, index) => (rule.pattern.test(line) ? [`${file.name}:${index + 1}: ${line.trim()}`] : [])),
        );
      expect(copies).toEqual([]);
    });

    it(`would find a copy of ${rule.what}`, () => {
      for (const line of rule.copies) expect(rule.pattern.test(line), line).toBe(true);
      for (const line of rule.sound) expect(rule.pattern.test(line), line).toBe(false);
    });
  }
});
