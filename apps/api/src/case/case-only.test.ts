/** Every status change goes through `transition`: no other server code writes an application's status. The
 * repository's writers may be called only from the lifecycle (and from test setup); a raw UPDATE of the
 * applications table may only live in its repository. Invoices are raised only by the case engine (and the demo
 * seed), through the two invoice writers of the repositories. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASE_KINDS, type CaseEvent } from '@portal/contract';
import { moveCase } from './engine';

const SOURCE = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SOURCE, file).split(path.sep).join('/');

describe('status changes only through the lifecycle', () => {
  const files = sourceFiles(SOURCE).map((file) => ({ name: relative(file), text: fs.readFileSync(file, 'utf8') }));

  it('finds the server code it checks', () => {
    expect(files.map((file) => file.name)).toContain('modules/applications/rules/transition.ts');
    expect(files.length).toBeGreaterThan(40);
  });

  it('calls the status writers only from the case engine (and test setup)', () => {
    const allowed = new Set([
      'modules/applications/rules/transition.ts',
      'repositories/applications.ts',
      'test/workflow-fixtures.ts',
    ]);
    const offenders = files
      .filter((file) => !allowed.has(file.name))
      .filter((file) => /\b(updateApplicationIfStatus|forceApplicationStatus)\s*\(/.test(file.text))
      .map((file) => file.name);
    expect(offenders).toEqual([]);
  });

  it('stops and restarts the service clock only in the case engine', () => {
    const allowed = new Set(['modules/applications/rules/clock.ts', 'repositories/applications.ts']);
    const offenders = files
      .filter((file) => !allowed.has(file.name))
      .filter((file) => /\b(setApplicationClockIfStatus|resumeStageClock)\s*\(/.test(file.text))
      .map((file) => file.name);
    expect(offenders).toEqual([]);
  });

  it('updates the applications table only in its repository', () => {
    const allowed = new Set(['repositories/applications.ts', 'demo/generate-volume.ts']);
    const offenders = files
      .filter((file) => !allowed.has(file.name))
      .filter((file) =>
        /\.update\(\s*applications\s*\)|update\s+"?applications"?\s+set\s+[^;]*\bstatus\b/i.test(file.text),
      )
      .map((file) => file.name);
    expect(offenders).toEqual([]);
  });

  it('sets a status in the repository only through its two writers', () => {
    const repository = files.find((file) => file.name === 'repositories/applications.ts')!.text;
    const writers = repository
      .split(/export async function /)
      .slice(1)
      .filter((block) => block.includes('.update(applications)'));
    expect(writers.length).toBeGreaterThan(1);
    for (const block of writers) {
      const name = block.slice(0, block.indexOf('('));
      if (name === 'updateApplicationIfStatus' || name === 'forceApplicationStatus') continue;
      // Other writers (the query clock) take typed values without a status and set nothing else by name.
      const set = /\.set\(([^)]*)\)/.exec(block)?.[1] ?? '';
      expect(set, `${name} must not write the status`).not.toMatch(/\bstatus\b/);
      expect(block.slice(0, block.indexOf('{')), `${name} must not take a status value`).not.toMatch(
        /Pick<[^>]*'status'/,
      );
    }
  });

  it('raises invoices only in the case engine, through the invoice writers of the repositories', () => {
    const writers = files
      .filter((file) => /\.insert\(\s*invoices\s*\)|insert\s+into\s+"?invoices"?/i.test(file.text))
      .map((file) => file.name)
      .sort();
    // The demo seed (with its allotments after possession), the demo world's past dues, the generated volume data set
    // and the report fixtures
    // write rows straight into the table, as data to try the portal with, not as a case.
    expect(writers).toEqual([
      'demo/generate-volume.ts',
      'demo/seed-estate.ts',
      'demo/seed-world.ts',
      'demo/seed.ts',
      'modules/estate/repositories/service-requests.ts',
      'modules/reports/report-fixtures.ts',
      'repositories/invoices.ts',
    ]);
    const callers = files
      .filter((file) => !/^(repositories|modules\/[^/]+\/repositories|test)\//.test(file.name))
      .filter((file) => /\b(insertInvoice|insertServiceFeeInvoice)\s*\(/.test(file.text))
      .map((file) => file.name);
    expect(callers).toEqual(['modules/money/rules/invoices.ts']);
  });
});

/** The other kinds of case (contract case-kinds.ts): each table is updated only in its repository, its status only by
 * its one move writer, and that writer is called only as the engine's `write` (moveCase, moveCaseIfStill), which checked
 * the move. */
describe('the other kinds of case move only through the engine', () => {
  const files = sourceFiles(SOURCE).map((file) => ({ name: relative(file), text: fs.readFileSync(file, 'utf8') }));
  const KINDS: { table: string; sqlName: string; repository: string; writer: string; statusFields?: RegExp }[] = [
    {
      table: 'showCauses',
      sqlName: 'show_causes',
      repository: 'repositories/show-causes.ts',
      writer: 'writeShowCauseMove',
      // A notice's step is read from its reply and its order (showCauseStatus).
      statusFields: /\b(outcome|repliedAt)\b/,
    },
    {
      table: 'schemes',
      sqlName: 'schemes',
      repository: 'modules/schemes/repositories/schemes.ts',
      writer: 'writeSchemeMove',
    },
    // A plot is offered until its winner is recorded (allotted).
    {
      table: 'schemePlots',
      sqlName: 'scheme_plots',
      repository: 'modules/schemes/repositories/schemes.ts',
      writer: 'writeSchemePlotMove',
      statusFields: /\bwinnerApplicationId\b/,
    },
    // An entry's status is its outcome (pending while it has none).
    {
      table: 'schemeEntries',
      sqlName: 'scheme_entries',
      repository: 'modules/schemes/repositories/schemes.ts',
      writer: 'writeSchemeEntryMove',
      statusFields: /\boutcome\b/,
    },
    {
      table: 'appeals',
      sqlName: 'appeals',
      repository: 'modules/appeals/repositories/appeals.ts',
      writer: 'writeAppealMove',
    },
    {
      table: 'serviceRequests',
      sqlName: 'service_requests',
      repository: 'modules/estate/repositories/service-requests.ts',
      writer: 'writeServiceRequestMove',
    },
    {
      table: 'refunds',
      sqlName: 'refunds',
      repository: 'modules/money/repositories/refunds.ts',
      writer: 'writeRefundMove',
    },
    {
      table: 'ledgerAdjustments',
      sqlName: 'ledger_adjustments',
      repository: 'modules/money/repositories/ledger-adjustments.ts',
      writer: 'writeAdjustmentMove',
    },
    {
      table: 'bankCredits',
      sqlName: 'bank_credits',
      repository: 'modules/money/repositories/bank-credits.ts',
      writer: 'writeBankCreditMove',
    },
    {
      table: 'grievances',
      sqlName: 'grievances',
      repository: 'modules/grievances/repositories/grievances.ts',
      writer: 'writeGrievanceMove',
    },
    // A push's claim for one attempt and a retrying push's further failed attempt write its times, not its state.
    {
      table: 'singleWindowOutbox',
      sqlName: 'single_window_outbox',
      repository: 'repositories/single-window-outbox.ts',
      writer: 'writeSingleWindowPushMove',
      statusFields: /\bstate\b/,
    },
  ];

  for (const kind of KINDS) {
    it(`updates ${kind.sqlName} only in its repository`, () => {
      const updates = new RegExp(`\\.update\\(\\s*${kind.table}\\s*\\)|update\\s+"?${kind.sqlName}"?\\s+set`, 'i');
      const offenders = files.filter((file) => updates.test(file.text)).map((file) => file.name);
      expect(offenders).toEqual([kind.repository]);
    });

    it(`sets the status of ${kind.sqlName} only in ${kind.writer}`, () => {
      const repository = files.find((file) => file.name === kind.repository)!.text;
      const blocks = repository.split(/export async function /).slice(1);
      const updating = blocks.filter((block) => block.includes(`.update(${kind.table})`));
      expect(updating.map((block) => block.slice(0, block.indexOf('(')))).toContain(kind.writer);
      for (const block of updating) {
        const name = block.slice(0, block.indexOf('('));
        if (name === kind.writer) continue;
        const set = /\.set\(([^)]*)\)/.exec(block)?.[1] ?? '';
        expect(set, `${name} must not write the status`).not.toMatch(kind.statusFields ?? /\bstatus\b/);
      }
    });

    it(`calls ${kind.writer} only as the engine's write`, () => {
      const call = new RegExp(`\\b${kind.writer}\\s*\\(`, 'g');
      // `(from)` where the event has one status to move to, written by the writer's own move.
      const asWrite = new RegExp(`write:\\s*(async\\s*)?\\(from(, to)?\\)\\s*=>\\s*${kind.writer}\\s*\\(`, 'g');
      const callers = files.filter((file) => file.name !== kind.repository && call.test(file.text));
      expect(callers.length).toBeGreaterThan(0);
      for (const file of callers) {
        const calls = file.text.match(call)!.length;
        const writes = file.text.match(asWrite)?.length ?? 0;
        expect(writes, `${file.name} calls ${kind.writer} outside moveCase's write`).toBe(calls);
        expect(file.text).toMatch(/\bmoveCase(IfStill)?\(/);
      }
    });
  }
});

/** The timeline entry of another kind's move is named by its event in the contract's table and written by the engine
 * with the move: no service records one of those codes itself, and the engine refuses a move that does not say who
 * moved it and where (or says so for an event that names no entry). */
describe("the other kinds' timeline entries follow from their events", () => {
  const files = sourceFiles(SOURCE).map((file) => ({ name: relative(file), text: fs.readFileSync(file, 'utf8') }));
  const named = new Set<string>(
    Object.values(CASE_KINDS).flatMap((table) =>
      (Object.values(table) as CaseEvent<string, string>[]).flatMap((event) => event.timeline ?? []),
    ),
  );

  it('knows the codes the tables name', () => {
    expect([...named].sort()).toEqual(
      expect.arrayContaining(['appeal_decided', 'service_request_updated', 'show_cause_decided', 'show_cause_replied']),
    );
  });

  it('records none of them outside the engine', () => {
    const recorded = /\b(recordEvent|insertTimelineEvent)\(\s*\w+,\s*[\w().]+,\s*\{[^}]*?\bcode:\s*'([a-z_]+)'/g;
    const offenders = files
      .filter((file) => file.name !== 'case/engine.ts')
      .flatMap((file) => [...file.text.matchAll(recorded)].map((match) => ({ file: file.name, code: match[2]! })))
      .filter((found) => named.has(found.code));
    expect(offenders).toEqual([]);
  });

  it('finds a recorded code where one is written (the scan can fail)', () => {
    const recorded = /\b(recordEvent|insertTimelineEvent)\(\s*\w+,\s*[\w().]+,\s*\{[^}]*?\bcode:\s*'([a-z_]+)'/g;
    const sample = `await recordEvent(tx, actorOf(user), {\n  applicationId: row.applicationId,\n  code: 'show_cause_replied',`;
    expect([...sample.matchAll(recorded)].map((match) => match[2])).toEqual(['show_cause_replied']);
  });

  const table = {
    named: { from: ['a'], to: ['b'], by: { kind: 'system' }, guards: [], timeline: 'appeal_decided' },
    unnamed: { from: ['a'], to: ['b'], by: { kind: 'system' }, guards: [] },
  } as const;
  const checks = {
    notAllowed: () => new Error('not allowed'),
    forbidden: () => new Error('forbidden'),
    lostRace: () => new Error('lost race'),
    guard: () => {},
  };

  it('refuses a move of an event naming an entry without one, and an entry for an event naming none', async () => {
    await expect(
      moveCase({ table, event: 'named', from: 'a', by: 'system', checks, write: async () => ({ id: 'x' }) }),
    ).rejects.toThrow(/records appeal_decided/);
    await expect(
      moveCase({
        table,
        event: 'unnamed',
        from: 'a',
        by: 'system',
        checks,
        write: async () => ({ id: 'x' }),
        record: {
          tx: undefined as never,
          actor: { id: null, role: 'SYSTEM', name: 'SYSTEM' },
          entry: () => ({}) as never,
        },
      }),
    ).rejects.toThrow(/records no timeline entry/);
  });
});
