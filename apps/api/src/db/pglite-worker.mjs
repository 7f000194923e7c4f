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
      return handleOf(message).query(message.sql, message.params, queryOptions(message));
    case 'exec':
      return handleOf(message).exec(message.sql);
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
