/** Serves PGlite's callers in turns: one statement or transaction at a time, in arrival order, each begun on a turn of
 * the event loop of its own.
 *
 * PGlite runs every statement on the main thread, inside promise callbacks. Without turns, a queue of waiting
 * statements ran back to back in one turn of the event loop, so that turn lasted as long as the whole queue; Node
 * accepts one new connection per turn, so under load a newly connected client waited seconds to be read at all
 * (decision 001). */
import type { PGlite } from '@electric-sql/pglite';

export type TakeTurn = <T>(job: () => Promise<T>) => Promise<T>;

/** A first-come, first-served queue that runs one job at a time and starts each from setImmediate. */
export function createTurns(): TakeTurn {
  const waiting: Array<() => void> = [];
  let busy = false;
  const startNext = () => {
    const start = waiting.shift();
    if (start) setImmediate(start);
    else busy = false;
  };
  return (job) =>
    new Promise((resolve, reject) => {
      waiting.push(() => {
        Promise.resolve().then(job).then(resolve, reject).finally(startNext);
      });
      if (!busy) {
        busy = true;
        startNext();
      }
    });
}

/** Makes the client's statements and transactions take turns. Statements inside a transaction run within its turn
 * (through the transaction's own handle), so a transaction is never interleaved with other callers' statements. */
export function takeTurns(client: PGlite, turn: TakeTurn = createTurns()): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (...args) => turn(() => query(...args));
  client.exec = (...args) => turn(() => exec(...args));
  client.transaction = (...args) => turn(() => transaction(...args));
  return client;
}
