/** Named prepared statements for the hottest reads (every request's session lookup, an application by id). Drizzle
 * builds the SQL once per database handle instead of on every call, and PostgreSQL parses and plans it once per
 * connection instead of per request: planning a join over the applications table's many indexes cost more than
 * running it. */
import type { Database } from '../db/client';

/** `build` runs once per handle (the app's database, or a transaction); the answer is reused afterwards. The name
 * must be unique among prepared queries, since PostgreSQL keeps statements by name on each connection. */
export function preparedPerHandle<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
