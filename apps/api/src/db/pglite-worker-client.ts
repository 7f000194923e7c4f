/** PGlite in a worker thread (pglite-worker.mjs), behind the part of PGlite's interface that drizzle uses: `query`,
 * `exec` and `transaction`.
 *
 * In the main thread, PGlite's WebAssembly took more than half of the API's CPU under load, and all of it ran between
 * the HTTP work on the same core: 50 users queued behind each other for both (decision 001). In its own thread the
 * database works while the main thread reads requests and writes answers.
 *
 * Messages to the worker: `{ id, op: 'query' | 'exec', sql, params?, rowMode?, textTypes?, tx? }`, `{ id, op:
 * 'begin' | 'end', tx, commit? }`, `{ id, op: 'dump', file }` and `{ id, op: 'close' }`; each is answered `{ id, ok,
 * result | error }`. A transaction stays open in the worker between `begin` and `end`; its statements carry its
 * number. Statements of other callers wait for it in PGlite's own queue, in the order they were sent. */
import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';

/** Drizzle's query options: the result's row shape, and parsers by type id. */
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { message: string; name: string };
}

type Message =
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; file: string }
  | { op: 'close' };

/** The types each parsers object keeps as text: drizzle passes the same object with every run of a statement, so it is
 * read once, not on every statement. */
const textTypesByParsers = new WeakMap<NonNullable<QueryOptions['parsers']>, number[]>();

/** A function cannot cross to another thread. Drizzle's parsers all keep a type's text as it is (dates, times,
 * intervals and their arrays); the worker is told which types those are. Any other parser is refused. */
function textTypesOf(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  const known = textTypesByParsers.get(parsers);
  if (known) return known;
  const types: number[] = [];
  for (const [type, parse] of Object.entries(parsers)) {
    if (parse('2026-01-01 00:00:00', Number(type)) !== '2026-01-01 00:00:00') {
      throw new Error(
        `PGlite in a worker keeps a type's text or parses it itself; a parser for type ${type} cannot run`,
      );
    }
    types.push(Number(type));
  }
  textTypesByParsers.set(parsers, types);
  return types;
}

function errorFrom(plain: NonNullable<Reply['error']>): Error {
  const { message, name, ...fields } = plain;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

export class PGliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #nextTransaction = 1;
  #stopped: Error | undefined;
  readonly waitReady: Promise<void>;

  /** `dataDir`: PGlite's folder; none for a database in memory. `dump`: a file written by `dumpTo`, which a database
   * in memory starts from instead of an empty cluster. */
  constructor(dataDir?: string, dump?: string) {
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, dump },
      // The worker is plain JavaScript: no TypeScript loader needed (nor started) there.
      execArgv: [],
    });
    this.waitReady = new Promise((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
    });
    this.#worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(errorFrom(reply.error!));
    });
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`the database thread ended (exit code ${code})`)));
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }

  #call<T>(message: Message): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  async #query<T>(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.#call({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      textTypes: textTypesOf(options?.parsers),
      tx,
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', sql });
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = this.#nextTransaction++;
    await this.#call({ op: 'begin', tx });
    const handle = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.#query<R>(tx, sql, params, options),
      exec: (sql: string) => this.#call<Results[]>({ op: 'exec', sql, tx }),
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {
        // The callback's error is the one to report; a thread that cannot roll back has stopped, and says so next.
      });
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** Writes the whole database to `file` (PGlite's dumpDataDir, uncompressed), for the `dump` of another. */
  dumpTo(file: string): Promise<void> {
    return this.#call({ op: 'dump', file });
  }

  async close(): Promise<void> {
    try {
      await this.#call({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }
}
