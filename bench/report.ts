/** docs/performance.md: the figures of one benchmark run as Markdown tables. */
import type { BundleReport, Sizes } from './bundle';
import type { LighthouseResult } from './lighthouse';
import type { TypingFigures } from './typing';
import type { EndpointFigures, LoadSettings, Spread } from './load';

/** One run of the reminder sweep. */
export interface SweepRun {
  ms: number;
  written: number;
  counts: { dueSoon: number; overdue: number; caseOverdue: number };
}

/** The reminder sweep run twice in a row before the API is loaded, and the notifications held after it. */
export interface SweepFigures {
  first: SweepRun;
  second: SweepRun;
  notifications: number;
  unread: number;
}

export interface Configuration {
  database: 'PostgreSQL' | 'PGlite';
  size: number;
  applications: number;
  generationSeconds: number;
  startupMs: number;
  results: Map<string, EndpointFigures>;
  sweep?: SweepFigures;
}

export interface DetailBaselines {
  api: EndpointFigures;
  select: EndpointFigures;
  memory: EndpointFigures;
}

/** One page Lighthouse measured: /login, or a role's home signed in as that role. */
export interface LighthousePage {
  page: { path: string; as?: string };
  result: LighthouseResult;
}

export interface ReportInput {
  started: Date;
  finished: Date;
  command: string;
  settings: LoadSettings;
  machine: {
    cpus: number;
    model: string;
    memoryGiB: number;
    node: string;
    postgres?: string;
    loadBefore: number;
    loadAfter: number;
  };
  endpoints: { name: string; path: string; as: string }[];
  configurations: Configuration[];
  baselines?: DetailBaselines;
  bundle?: BundleReport;
  lighthouse?: LighthousePage[];
  typing?: TypingFigures | { note: string };
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value: number) => (value >= 100 ? number(value) : number(value, 1));
const spreadText = (value: Spread, format: (n: number) => string) =>
  `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
const kib = (bytes: number) => `${number(bytes / 1024, 1)} KiB`;
const bytesText = (bytes: number) => (bytes >= 10_240 ? kib(bytes) : `${number(bytes)} B`);
const ratio = (a: number, b: number) => (b > 0 && a > 0 ? `${number(a / b, 2)}×` : '–');

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function configurationTable(configuration: Configuration, endpoints: ReportInput['endpoints']): string {
  const rows = endpoints.map((endpoint) => {
    const figures = configuration.results.get(endpoint.name);
    if (!figures) return [endpoint.name, '–', '–', '–', '–', '–'];
    const wire =
      figures.encoding === 'identity'
        ? bytesText(figures.bodyBytes)
        : `${bytesText(figures.bodyBytes)} (${figures.encoding} ${bytesText(figures.wireBytes)})`;
    if (figures.skipped) {
      return [`${endpoint.name}`, `not loaded: ${figures.skipped}`, '', '', wire, String(figures.errors)];
    }
    const name = figures.emptyRuns
      ? `${endpoint.name} (${figures.emptyRuns} of the runs completed no request and are left out)`
      : endpoint.name;
    return [
      name,
      spreadText(figures.p50, ms),
      spreadText(figures.p99, ms),
      spreadText(figures.rps, (n) => number(n)),
      wire,
      String(figures.errors),
    ];
  });
  return table(['endpoint', 'p50 ms (min–max)', 'p99 ms (min–max)', 'req/s (min–max)', 'body bytes', 'errors'], rows);
}

function sizesRow(label: string, sizes: Sizes): string[] {
  return [label, kib(sizes.raw), kib(sizes.gzip), kib(sizes.brotli)];
}

export function renderReport(input: ReportInput): string {
  const { settings, machine } = input;
  const out: string[] = [];
  const minutes = (input.finished.getTime() - input.started.getTime()) / 60_000;
  out.push('# Performance');
  out.push('');
  out.push(
    `Measured ${input.started.toISOString().slice(0, 16).replace('T', ' ')} UTC (${number(minutes, 1)} minutes) with`,
  );
  out.push('');
  out.push('```sh');
  out.push(input.command);
  out.push('```');
  out.push('');
  out.push(
    `Machine: ${machine.cpus} cores (${machine.model}), ${number(machine.memoryGiB, 0)} GiB, Node ${machine.node}` +
      `${machine.postgres ? `, PostgreSQL ${machine.postgres}` : ''}. Load average ${number(machine.loadBefore, 1)} ` +
      `at the start and ${number(machine.loadAfter, 1)} at the end: the client, the API and the database share these ` +
      'cores (with anything else running), so read the figures as relative to each other more than as capacities.',
  );
  out.push('');
  out.push(
    `Each endpoint: ${settings.runs} runs of ${settings.seconds} s with autocannon at ${settings.connections} ` +
      'connections, sending a bearer token and `accept-encoding: gzip, deflate, br` as a browser does; the figure is ' +
      'the median run, with the lowest and highest run in brackets. The API runs as one process (`apps/api/src/server.ts`, ' +
      'WEB_CONCURRENCY=1) on a free port of 127.0.0.1. Body bytes are one answer without compression, and on the ' +
      'wire when the server compressed it. An endpoint whose single answer takes more than 10 s or 20 MiB is reported ' +
      'but not put under load. Data: the demo seed plus `npm run db:seed -- --applications N` (the same generator).',
  );
  out.push('');

  out.push('## Data sets');
  out.push('');
  out.push(
    table(
      [
        'database',
        'generated applications',
        'applications in the database',
        'generation',
        'API start (migrate, listen)',
      ],
      input.configurations.map((configuration) => [
        configuration.database,
        number(configuration.size),
        number(configuration.applications),
        configuration.generationSeconds > 0 ? `${number(configuration.generationSeconds, 1)} s` : '(grown before)',
        `${number(configuration.startupMs / 1000, 1)} s`,
      ]),
    ),
  );
  out.push('');

  for (const configuration of input.configurations) {
    out.push(`## ${configuration.database}, ${number(configuration.applications)} applications`);
    out.push('');
    out.push(configurationTable(configuration, input.endpoints));
    out.push('');
  }

  const swept = input.configurations.filter((configuration) => configuration.sweep);
  if (swept.length > 0) {
    out.push('## Reminder sweep');
    out.push('');
    out.push(
      'One run of `sweepReminders` (apps/api/src/lib/notify-reminders.ts: invoices due soon, overdue invoices, cases ' +
        'past their service clock), timed in the benchmark’s process before the API starts, then a second run straight ' +
        'after (what the API’s timer does every five minutes once the day’s reminders are out). A run writes at most ' +
        '5,000 reminders; the rest wait for the next runs. Notifications: all rows after the sweeps (the generated ' +
        'ones and the reminders), and the unread ones.',
    );
    out.push('');
    const runText = (run: SweepRun) =>
      `${ms(run.ms)} ms, ${number(run.written)} (${number(run.counts.dueSoon)} / ${number(run.counts.overdue)} / ` +
      `${number(run.counts.caseOverdue)})`;
    out.push(
      table(
        [
          'database',
          'applications',
          'first run: time, reminders (due soon / overdue / case overdue)',
          'second run',
          'notifications (unread)',
        ],
        swept.map((configuration) => [
          configuration.database,
          number(configuration.applications),
          runText(configuration.sweep!.first),
          runText(configuration.sweep!.second),
          `${number(configuration.sweep!.notifications)} (${number(configuration.sweep!.unread)})`,
        ]),
      ),
    );
    out.push('');
    const postgresSwept = swept.filter((configuration) => configuration.database === 'PostgreSQL');
    if (postgresSwept.length > 1) {
      const small = postgresSwept[0]!;
      const large = postgresSwept.at(-1)!;
      const perReminder = (run: SweepRun) => (run.written > 0 ? run.ms / run.written : 0);
      out.push(
        `From ${number(small.applications)} to ${number(large.applications)} applications (PostgreSQL): the first run ` +
          `takes ${ratio(perReminder(large.sweep!.first), perReminder(small.sweep!.first))} the time per reminder ` +
          `(${ms(perReminder(small.sweep!.first))} → ${ms(perReminder(large.sweep!.first))} ms) and ` +
          `${ratio(large.sweep!.first.ms, small.sweep!.first.ms)} the time in all; the second run ` +
          (large.sweep!.second.written > 0
            ? `still had reminders to write at ${number(large.applications)} (the per-run budget had held the first back), ` +
              `${ms(perReminder(large.sweep!.second))} ms per reminder.`
            : `${ratio(large.sweep!.second.ms, small.sweep!.second.ms)} the time.`),
      );
      out.push('');
    }
  }

  out.push('## Who calls what');
  out.push('');
  out.push(
    table(
      ['endpoint', 'request', 'as'],
      input.endpoints.map((endpoint) => [endpoint.name, `\`GET ${endpoint.path}\``, endpoint.as]),
    ),
  );
  out.push('');

  if (input.baselines) {
    const { api, select, memory } = input.baselines;
    out.push('## The application detail against bare routes (PostgreSQL, smallest data set)');
    out.push('');
    out.push(
      'The same row, the same bytes: (a) a bare Fastify route on a pool like the API’s (`pg.Pool`, 10 connections) ' +
        'that runs one indexed `SELECT * FROM applications WHERE id = $1`, and (b) a bare route that answers the ' +
        'API’s bytes from memory. Both in a process of their own, loaded like the API.',
    );
    out.push('');
    out.push(
      table(
        ['route', 'p50 ms', 'p99 ms', 'req/s', 'API req/s as a share of it', 'API p50 as a multiple of it'],
        [
          ['API `GET /api/applications/:id`', api, '–', '–'] as const,
          [
            '(a) bare route, one SELECT',
            select,
            ratio(api.rps.median, select.rps.median),
            ratio(api.p50.median, select.p50.median),
          ] as const,
          [
            '(b) bare route, bytes from memory',
            memory,
            ratio(api.rps.median, memory.rps.median),
            ratio(api.p50.median, memory.p50.median),
          ] as const,
        ].map(([label, figures, share, multiple]) => [
          label,
          spreadText(figures.p50, ms),
          spreadText(figures.p99, ms),
          spreadText(figures.rps, (n) => number(n)),
          share,
          multiple,
        ]),
      ),
    );
    out.push('');
  }

  const postgres = input.configurations.filter((configuration) => configuration.database === 'PostgreSQL');
  if (postgres.length > 1) {
    const small = postgres[0]!;
    const large = postgres.at(-1)!;
    out.push(`## Growth from ${number(small.applications)} to ${number(large.applications)} applications (PostgreSQL)`);
    out.push('');
    out.push(
      table(
        ['endpoint', 'p50 small → large', 'p50 growth', 'req/s small → large', 'req/s kept', 'bytes growth'],
        input.endpoints.map((endpoint) => {
          const a = small.results.get(endpoint.name);
          const b = large.results.get(endpoint.name);
          if (!a || !b) return [endpoint.name, '–', '–', '–', '–', '–'];
          return [
            endpoint.name,
            `${ms(a.p50.median)} → ${ms(b.p50.median)}${b.skipped ? ' (single request)' : ''}`,
            ratio(b.p50.median, a.p50.median),
            `${number(a.rps.median)} → ${b.skipped ? 'not loaded' : number(b.rps.median)}`,
            b.skipped ? '–' : ratio(b.rps.median, a.rps.median),
            ratio(b.bodyBytes, a.bodyBytes),
          ];
        }),
      ),
    );
    out.push('');
  }

  const pglite = input.configurations.find((configuration) => configuration.database === 'PGlite');
  const pgSame = pglite && postgres.find((configuration) => configuration.size === pglite.size);
  if (pglite && pgSame) {
    out.push(`## PGlite against PostgreSQL, ${number(pglite.applications)} applications`);
    out.push('');
    out.push(
      table(
        [
          'endpoint',
          'p50 PostgreSQL / PGlite',
          'PGlite p50 as a multiple',
          'req/s PostgreSQL / PGlite',
          'PGlite req/s as a share',
        ],
        input.endpoints.map((endpoint) => {
          const a = pgSame.results.get(endpoint.name);
          const b = pglite.results.get(endpoint.name);
          if (!a || !b) return [endpoint.name, '–', '–', '–', '–'];
          return [
            endpoint.name,
            `${ms(a.p50.median)} / ${ms(b.p50.median)}`,
            ratio(b.p50.median, a.p50.median),
            `${number(a.rps.median)} / ${b.skipped ? 'not loaded' : number(b.rps.median)}`,
            b.skipped ? '–' : ratio(b.rps.median, a.rps.median),
          ];
        }),
      ),
    );
    out.push('');
  }

  out.push('## JavaScript and CSS per route (apps/web/dist)');
  out.push('');
  if (!input.bundle) {
    out.push('Not measured: the web app is not built (`npm run build`).');
  } else {
    const { bundle } = input;
    out.push(
      `Every route loads the entry chunk and its static imports (${bundle.entry.files} files) and the CSS; a route ` +
        'then loads its lazily imported page chunk with the static imports the entry does not already bring. gzip at ' +
        'level 9 and brotli at quality 11, as a precompressing static server would send them.',
    );
    out.push('');
    out.push(
      table(
        ['what', 'raw', 'gzip', 'brotli'],
        [
          sizesRow('entry JavaScript (every route)', bundle.entry),
          sizesRow('CSS (every route)', bundle.css),
          sizesRow('all JavaScript of the app', bundle.allJs),
        ],
      ),
    );
    out.push('');
    out.push(
      table(
        ['route', 'page chunk', 'own JS brotli', 'first visit JS raw', 'first visit JS gzip', 'first visit JS brotli'],
        [...bundle.routes]
          .sort((a, b) => a.route.localeCompare(b.route))
          .map((route) => [
            `\`${route.route}\``,
            route.page,
            kib(route.own.brotli),
            kib(route.total.raw),
            kib(route.total.gzip),
            kib(route.total.brotli),
          ]),
      ),
    );
  }
  out.push('');

  out.push("## Lighthouse: /login, each role's home signed in, and the public pages");
  out.push('');
  if (!input.lighthouse) {
    out.push('Not run (`--no-lighthouse`, or no PostgreSQL to serve the app from).');
  } else {
    out.push(
      'Default settings (a phone on a slow 4G connection, the CPU slowed four times), so the figures also follow the ' +
        "machine's load. A home page is measured with that role's demo session put in the browser's storage first; " +
        'the public pages signed out. Each page is audited in a fresh browser as many times as `--lighthouse-runs` ' +
        'says (3 unless told): every figure is the median, the performance score of each run in brackets. TTI is the ' +
        'time to interactive.',
    );
    out.push('');
    const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
    const metrics: Array<[string, string]> = [
      ['first-contentful-paint', 'FCP'],
      ['largest-contentful-paint', 'LCP'],
      ['interactive', 'TTI'],
      ['total-blocking-time', 'TBT'],
      ['cumulative-layout-shift', 'CLS'],
    ];
    out.push(
      table(
        ['page', 'signed in as', ...categories, ...metrics.map(([, label]) => label)],
        input.lighthouse.map(({ page, result }) => [
          page.path,
          page.as ?? '—',
          ...(result.note
            ? [`not measured: ${result.note}`, ...Array<string>(categories.length + metrics.length - 1).fill('')]
            : [
                ...categories.map((key) => {
                  const score = String(result.scores?.[key] ?? '—');
                  return key === 'performance' && result.runs && result.runs.length > 1
                    ? `${score} (${result.runs.join(', ')})`
                    : score;
                }),
                ...metrics.map(([key]) => {
                  const value = result.metrics?.[key];
                  if (value === undefined) return '—';
                  return key === 'cumulative-layout-shift' ? number(value, 3) : `${number(value)} ms`;
                }),
              ]),
        ]),
      ),
    );
  }
  out.push('');

  out.push("## Typing in a list's search");
  out.push('');
  const typing = input.typing;
  if (!typing) {
    out.push('Not run (`--no-lighthouse`, or no PostgreSQL to serve the app from).');
  } else if (!('word' in typing)) {
    out.push(`Not measured: ${typing.note}`);
  } else {
    out.push(
      `The head office types "${typing.word}" into the applications list's search in Chromium (1280 px), a key every ` +
        '80 ms; the page records the gaps between animation frames and the long tasks (50 ms or more) from the first ' +
        'key until the answer is drawn.',
    );
    out.push('');
    out.push(
      table(
        ['list requests sent', 'last answer to its rows drawn', 'longest frame', 'frames over 16.7 ms', 'long tasks'],
        [
          [
            String(typing.requests),
            `${ms(typing.answerToRowsMs)} ms`,
            `${ms(typing.longestFrameMs)} ms`,
            `${typing.framesOver16ms} of ${typing.frames}`,
            typing.longTasks.length ? typing.longTasks.map((duration) => `${ms(duration)} ms`).join(', ') : 'none',
          ],
        ],
      ),
    );
  }
  out.push('');
  return out.join('\n');
}
