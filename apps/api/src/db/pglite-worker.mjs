// The embedded database's own thread: PGlite runs here, off the API's main thread, so the database's work and the
// HTTP work (reading requests, checking, writing answers) use two cores instead of taking turns on one. Plain
// JavaScript, so it loads in a worker thread whatever runs the API (tsx, vitest). Its caller is
// pglite-worker-client.ts; the messages are described there.
import { Blob, Buffer } from 'node:buffer';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The `q` searches use trigram indexes (migration 0001).
const options = { extensions: { pg_trgm } };
// A database in memory can start from another's dump (the API tests clone a migrated and seeded one per file).
if (workerData.dump) options.loadDataDir = new Blob([fs.readFileSync(workerData.dump)]);
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

/** Statements kept prepared, by their text: PGlite's `query` parses, describes and plans a statement on every call,
 * through six calls into the database; a prepared one is bound and executed in one. A read or write under the mixed
 * load took a quarter less of the database's time this way. The values always travel as parameters of the protocol's
 * Bind message, never inside the statement's text. The most recently used are kept; the oldest is closed. */
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

/** Sends protocol messages in one call into the database; answers PostgreSQL's replies, or throws its error (after the
 * closing Sync, so the connection is ready for the next statement). */
function send(messages) {
  const length = messages.reduce((sum, message) => sum + message.length, 0);
  const buffer = new Uint8Array(length);
  let at = 0;
  for (const message of messages) {
    buffer.set(message, at);
    at += message.length;
  }
  return db.execProtocolStream(buffer, { syncToFs: false });
}

/** `sql` prepared under a name of its own, with its parameters' types and the description of its rows; prepared on
 * first use, closing the least recently used when too many are kept. Undefined when it cannot be prepared here (in a
 * transaction that has failed, say): the caller then runs it as it is, and it reports its own error. Called only by
 * the caller holding the database, so no two callers prepare at once. */
async function preparedStatement(sql) {
  const known = prepared.get(sql);
  if (known) {
    prepared.delete(sql);
    prepared.set(sql, known);
    return known;
  }
  const name = `portal_${++preparedCount}`;
  const messages = [];
  if (prepared.size >= MAX_PREPARED) {
    const [oldest, old] = prepared.entries().next().value;
    prepared.delete(oldest);
    messages.push(protocol.serialize.close({ type: 'S', name: old.name }));
  }
  messages.push(
    protocol.serialize.parse({ name, text: sql }),
    protocol.serialize.describe({ type: 'S', name }),
    protocol.serialize.sync(),
  );
  let replies;
  try {
    replies = await send(messages);
  } catch {
    return undefined;
  }
  const statement = {
    name,
    paramTypes: parse.parseDescribeStatementResults(replies),
    rowDescription: replies.find((reply) => reply.name === 'rowDescription'),
  };
  prepared.set(sql, statement);
  return statement;
}

/** A parameter as text for the Bind message, by the type PostgreSQL expects, exactly as PGlite's `query` does. */
function parameterText(value, type) {
  if (value === null || value === undefined) return null;
  const serialize = db.serializers[type];
  return serialize ? serialize(value) : value.toString();
}

/** Runs a prepared statement with its values bound as parameters: Bind, Execute and Sync in one call. */
async function runPrepared(statement, message, options) {
  const values = (message.params ?? []).map((value, index) => parameterText(value, statement.paramTypes[index]));
  let replies;
  try {
    replies = await send([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
  } catch (error) {
    // As PGlite's own `query` tells: the statement that failed (its text, never its values).
    if (error && typeof error === 'object') error.query = message.sql;
    throw error;
  }
  const described = statement.rowDescription ? [statement.rowDescription, ...replies] : replies;
  return parse.parseResults(described, db.parsers, options)[0];
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
  if (!PREPARABLE.test(message.sql) || PLANNED_PER_VALUE.test(message.sql)) {
    return handle.query(message.sql, message.params, options);
  }
  await db._checkReady();
  const inTransaction = handle !== db;
  const run = () =>
    db._runExclusiveQuery(async () => {
      const statement = await preparedStatement(message.sql);
      return statement ? runPrepared(statement, message, options) : undefined;
    });
  // A statement of no transaction waits, as PGlite's `query` does, for the open transaction to end; one of the open
  // transaction runs now.
  const result = await (inTransaction ? run() : db._runExclusiveTransaction(run));
  if (result === undefined) return handle.query(message.sql, message.params, options);
  if (!inTransaction) await db.syncToFs();
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
    case 'dump': {
      const dump = await db.dumpDataDir('none');
      fs.writeFileSync(message.file, Buffer.from(await dump.arrayBuffer()));
      return undefined;
    }
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

db.waitReady.then(
  () => parentPort.postMessage({ id: 0, ok: true }),
  (error) => parentPort.postMessage({ id: 0, ok: false, error: plainError(error) }),
);

parentPort.on('message', (message) => {
  serve(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  );
});
