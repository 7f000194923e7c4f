// The baselines the application detail endpoint is compared with, in a process of its own like the API:
//   GET /row/:id   one indexed SELECT of the same row on a pool like the API's (pg.Pool, 10 connections)
//   GET /bytes     the same bytes the API answered, from memory
// Environment: PORT, DATABASE_URL (optional: without it only /bytes exists), BODY_FILE.
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
const body = fs.readFileSync(process.env.BODY_FILE!);
const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;

app.get('/bytes', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
if (pool) {
  app.get<{ Params: { id: string } }>('/row/:id', async (request, reply) => {
    const { rows } = await pool.query('SELECT * FROM applications WHERE id = $1', [request.params.id]);
    if (rows.length === 0) return reply.status(404).send({ detail: 'Not found' });
    return rows[0];
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool?.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
