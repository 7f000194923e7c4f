/** Money is formatted in one place (the contract's format.ts) and shown as it is owed (product decisions section 13). This walks
 * every source file of the server and the web app and fails on one that builds its own number or currency formatter,
 * writes a rupee sign before a figure it made itself, rounds an amount of money to the rupee or shows one through the
 * plain number formatter (which writes ₹6,131.60 as 6,131.6). Whatever such a file showed would not be what is owed.
 * The gateway sandbox is not walked: it stands in for the bank's own page, which is not the portal's. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const WALKED = ['apps/api/src', 'apps/web/src'];

/** Files that write counts (never money) with toLocaleString for a developer's terminal. */
const TERMINAL_COUNTS = new Set(['apps/api/src/demo/generate-volume.ts', 'apps/api/src/demo/seed-cli.ts']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The words, split at camelCase and underscores, that name an amount of money... */
const MONEY_WORDS = new Set([
  'amount',
  'amounts',
  'rupee',
  'rupees',
  'fee',
  'fees',
  'price',
  'bid',
  'bids',
  'balance',
  'interest',
  'valuation',
  'premium',
  'investment',
  'debit',
  'credit',
  'refund',
  'emd',
  'charge',
  'charges',
  'increment',
  'reserve',
  'due',
  'dues',
  'paid',
]);
/** ...unless the expression is a share or a count of something else (a percentage of the EMD, days of interest). */
const NOT_MONEY_WORDS = new Set(['share', 'rate', 'percent', 'count', 'days', 'months', 'bytes', 'progress']);

function words(expression: string): string[] {
  return expression
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

function namesMoney(expression: string): boolean {
  const found = words(expression);
  return found.some((word) => MONEY_WORDS.has(word)) && !found.some((word) => NOT_MONEY_WORDS.has(word));
}

/** The text between the parenthesis at `open` and its match. */
function argumentAt(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')' && --depth === 0) return text.slice(open + 1, index);
  }
  return text.slice(open + 1);
}

/** Each call of `callee` (a regular expression ending at its opening parenthesis) with its argument. */
function callsOf(text: string, callee: RegExp): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(new RegExp(callee.source, 'g'))) {
    found.push(argumentAt(text, match.index + match[0].length - 1));
  }
  return found;
}

/** What is wrong with a file's way of showing money, one line each; none for a file that leaves it to the contract. */
export function moneyDisplayFaults(text: string, { terminalCounts = false } = {}): string[] {
  const faults: string[] = [];
  if (/\bIntl\.NumberFormat\b/.test(text)) faults.push('builds its own Intl.NumberFormat');
  // (A gateway order's `currency: 'INR'` is not a format; a currency style is.)
  if (/style:\s*['"]currency['"]/.test(text)) faults.push('builds its own currency format');
  if (/\b(maximum|minimum)FractionDigits\b/.test(text)) faults.push('sets its own fraction digits');
  if (!terminalCounts && /\.toLocaleString\(/.test(text)) faults.push('formats a number with toLocaleString');
  if (/₹\$\{|['"`]₹\s*['"`]\s*\+/.test(text)) faults.push('writes a rupee sign before a figure of its own');
  for (const argument of callsOf(text, /\bMath\.(?:round|floor|ceil|trunc)\(/)) {
    // Rounding to paise (x * 100, then / 100) keeps what is owed; rounding an amount itself drops its paise.
    if (namesMoney(argument) && !/\*\s*100\b/.test(argument)) faults.push(`rounds money to the rupee: ${argument}`);
  }
  for (const argument of callsOf(text, /\.toFixed\(/)) {
    if (argument.trim() === '' || argument.trim() === '0') {
      const line = text.split('\n').find((candidate) => candidate.includes(`toFixed(${argument})`)) ?? '';
      if (namesMoney(line)) faults.push(`rounds money to the rupee: ${line.trim()}`);
    }
  }
  for (const argument of callsOf(text, /\bformatRupees\(/)) {
    if (/\bMath\.(?:round|floor|ceil|trunc)\(/.test(argument)) faults.push(`rounds what it shows: ${argument}`);
  }
  for (const argument of callsOf(text, /\b(?:formatNumber|\.number)\(/)) {
    if (namesMoney(argument)) faults.push(`shows money as a plain number: ${argument}`);
  }
  return faults;
}

describe('money is formatted only by the contract, to the paisa', () => {
  const files = WALKED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => ({
    name: path.relative(ROOT, file).split(path.sep).join('/'),
    text: fs.readFileSync(file, 'utf8'),
  }));

  it('walks the server and the web app', () => {
    const names = files.map((file) => file.name);
    expect(names).toContain('apps/web/src/features/money/components/payments/challan/challan-option.tsx');
    expect(names).toContain('apps/api/src/modules/documents/issued-documents/compose-challan.ts');
    expect(files.length).toBeGreaterThan(300);
  });

  it('finds no file that formats or rounds money for display itself', () => {
    const faults = files.flatMap((file) =>
      moneyDisplayFaults(file.text, { terminalCounts: TERMINAL_COUNTS.has(file.name) }).map(
        (fault) => `${file.name}: ${fault}`,
      ),
    );
    expect(faults).toEqual([]);
  });

  it('would find each way a screen has rounded money', () => {
    const faulty = [
      'formatRupees(Math.round(invoice.amount_due))',
      'const shown = Math.round(challan.amount);',
      "new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })",
      "`Bid at least ₹${minimum.toLocaleString('en-IN')}`",
      'const text = credit.amount.toFixed(0);',
      'cell: (row) => formatNumber(row.balance)',
      'tickFormatter={(value) => value.toLocaleString()}',
    ];
    for (const line of faulty) expect(moneyDisplayFaults(line), line).not.toEqual([]);
    const sound = [
      'formatRupees(invoice.amount_due)',
      'amount: Math.round((entry.amount - emdPaid) * 100) / 100,',
      'const percent = Math.round(rate * 100);',
      'formatNumber(SCHEME_RULES.auctionEmdShare * 100)',
      'formatNumber(report.matched)',
      '`${(bytes / 1024).toFixed(0)} KB`',
    ];
    for (const line of sound) expect(moneyDisplayFaults(line), line).toEqual([]);
  });
});
