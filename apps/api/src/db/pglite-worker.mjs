// The embedded database's own thread: PGlite runs here, off the API's main thread, so the database's work and the
// HTTP work (reading requests, checking, writing answers) use two cores instead of taking turns on one. Plain
// JavaScript, so it loads in a worker thread whatever runs the API (tsx, vitest). Its caller is
// pglite-worker-client.ts; the messages are described there.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The `q` searches use trigram indexes (migration 0001).
const options = { extensions: { pg_trgm } };
const db = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);

/** Open transactions by the caller's number: PGlite's handle, and how to end it. */
const transactions = new Map();
const ROLLBACK = Symbol('rollback');
const keepText = (value) => value;

function queryOptions(message) {
  const parsers = {};
  for (const type of message.textTypes ?? []) parsers[type] = keepText;
  return { rowMode: message.rowMode, parsers };
}

/** What a thread message can carry of an error: its message, name, and every plain field (code, detail, ...). */
function plainError(error) {
  const plain = { message: String(error?.message ?? error), name: String(error?.name ?? 'Error') };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
  }
  return plain;
}

/** Statements kept prepared, by their text: PGlite's `query` parses and plans a statement on every call, through six
 * protocol messages; a prepared one is run with one EXECUTE. A read or write under the mixed load took a quarter
 * less of the database's time this way. The most recently used are kept; the oldest is deallocated. */
const prepared = new Map();
const MAX_PREPARED = 500;
let preparedCount = 0;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** A text search is planned for its own pattern every time: after five runs PostgreSQL may settle on one plan for any
 * pattern, which guesses how many rows match and can walk a whole table in date order looking for a rare match. */
const PLANNED_PER_VALUE = /\s(i?like|similar\s+to)\s/i;
/** A statement, or any statement of a script, that changes a table: a statement prepared before it may now answer with
 * other columns, which PostgreSQL refuses ("cached plan must not change result type"). */
const CHANGES_TABLES = /(^|;)\s*(create|alter|drop|truncate)\b/i;
/** Set at start from the server's setting: with standard_conforming_strings on, a quote doubled is the only escape. */
let literalsAreSafe = false;

/** A parameter as an SQL literal of unknown type, which PostgreSQL reads with the parameter's input function exactly
 * as it reads a parameter sent as text. Undefined for what has no safe literal (a NUL, an object, an array). */
function literalOf(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
}

/** The name `sql` is prepared under, preparing it on first use; undefined when it cannot be prepared. Two callers
 * asking for the same new statement at once share one PREPARE. */
function preparedName(handle, sql) {
  const known = prepared.get(sql);
  if (known) {
    prepared.delete(sql);
    prepared.set(sql, known);
    return known;
  }
  const name = `portal_${++preparedCount}`;
  const preparing = handle.exec(`PREPARE ${name} AS ${sql}`).then(
    () => name,
    () => {
      // Not preparable here (or in an aborted transaction): the statement runs as it is and reports its own error.
      prepared.delete(sql);
      return undefined;
    },
  );
  prepared.set(sql, preparing);
  if (prepared.size > MAX_PREPARED) {
    const [oldest, oldName] = prepared.entries().next().value;
    prepared.delete(oldest);
    void oldName.then((old) => old && handle.exec(`DEALLOCATE ${old}`)).catch(() => {});
  }
  return preparing;
}

/** Forgets every prepared statement before SQL that changes a table, whether it comes as a query or a script. */
async function forgetPreparedBefore(handle, sql) {
  if (prepared.size === 0 || !CHANGES_TABLES.test(sql)) return;
  prepared.clear();
  await handle.exec('DEALLOCATE ALL');
}

async function runQuery(handle, message) {
  const options = queryOptions(message);
  await forgetPreparedBefore(handle, message.sql);
  const literals = (message.params ?? []).map(literalOf);
  if (
    !literalsAreSafe ||
    !PREPARABLE.test(message.sql) ||
    PLANNED_PER_VALUE.test(message.sql) ||
    literals.includes(undefined)
  ) {
    return handle.query(message.sql, message.params, options);
  }
  const name = await preparedName(handle, message.sql);
  if (!name) return handle.query(message.sql, message.params, options);
  const [result] = await handle.exec(
    literals.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`,
    options,
  );
  return result;
}

function handleOf(message) {
  if (message.tx === undefined) return db;
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`transaction ${message.tx} is not open`);
  return open.handle;
}

function begin(tx) {
  return new Promise((started, failed) => {
    const open = {};
    open.done = db.transaction(
      (handle) =>
        new Promise((commit, rollback) => {
          Object.assign(open, { handle, commit, rollback });
          transactions.set(tx, open);
          started();
        }),
    );
    // Before it started, a failure is the begin's; after, end() hears it.
    open.done.catch(failed);
  });
}

async function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  transactions.delete(tx);
  if (commit) open.commit();
  else open.rollback(ROLLBACK);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

async function serve(message) {
  switch (message.op) {
    case 'query':
      return runQuery(handleOf(message), message);
    case 'exec': {
      const handle = handleOf(message);
      await forgetPreparedBefore(handle, message.sql);
      return handle.exec(message.sql);
    }
    case 'begin':
      return begin(message.tx);
    case 'end':
      return end(message.tx, message.commit);
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

db.waitReady
  .then(async () => {
    const { rows } = await db.query('show standard_conforming_strings');
    literalsAreSafe = rows[0]?.standard_conforming_strings === 'on';
  })
  .then(
    () => parentPort.postMessage({ id: 0, ok: true }),
    (error) => parentPort.postMessage({ id: 0, ok: false, error: plainError(error) }),
  );

parentPort.on('message', (message) => {
  serve(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  );
});
