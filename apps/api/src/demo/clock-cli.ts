/**
 * `npm run clock`: reads or moves the running portal's clock through its admin call (decision 026), as an admin.
 *
 *   npm run clock                              the portal's time and each sweep
 *   npm run clock -- --days 30 [--hours 2] [--minutes 5]
 *   npm run clock -- --to 2027-04-01T10:00:00+05:30
 *
 * PORTAL_URL (http://127.0.0.1:PORT, 8000 unless PORT is set), ADMIN_EMAIL and ADMIN_PASSWORD (the demo admin's
 * unless set). The portal must run with CLOCK=movable (npm start does, outside production).
 */
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, DEMO_USERS } from './seed';

const { values } = parseArgs({
  options: {
    days: { type: 'string' },
    hours: { type: 'string' },
    minutes: { type: 'string' },
    to: { type: 'string' },
  },
});
const base = (process.env.PORTAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8000}`).replace(/\/+$/, '');
const email = process.env.ADMIN_EMAIL ?? DEMO_USERS.find((user) => user.role === 'admin')!.email;
const password = process.env.ADMIN_PASSWORD ?? DEMO_PASSWORD;

async function call(path: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, init);
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    console.error(`${response.status} ${String(body.code ?? '')}: ${String(body.detail ?? response.statusText)}`);
    process.exit(1);
  }
  return body;
}

const login = await call('/api/auth/login', {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ username: email, password }).toString(),
});
const authorization = `Bearer ${String(login.access_token)}`;
const move = values.to
  ? { to: values.to }
  : Object.fromEntries(
      (['days', 'hours', 'minutes'] as const)
        .filter((unit) => values[unit] !== undefined)
        .map((unit) => [unit, Number(values[unit])]),
    );

if (Object.keys(move).length === 0) {
  const now = await call('/api/admin/clock', { headers: { authorization } });
  console.log(
    `The portal's time: ${String(now.now)} (${now.movable ? 'movable' : 'fixed'}, offset ${String(now.offset_ms)} ms)`,
  );
} else {
  const moved = await call('/api/admin/clock/advance', {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(move),
  });
  console.log(`The portal's clock moved from ${String(moved.from)} to ${String(moved.now)}`);
  for (const { name, runs } of moved.runs as { name: string; runs: number }[])
    console.log(`  ${name}: ran ${runs} times`);
}
