/** The portal's clock in the browser journeys (decision 026): the test servers run with CLOCK=movable, so a journey
 * that waits on a business time (a scheme's close, an auction's end) moves the clock there instead of sleeping. Every
 * spec of a worker shares its server's clock, so a journey reads the portal's time rather than the machine's, and
 * moves it forward by minutes at most. A journey that moves it by days (a grievance's escalation) runs on a server
 * of its own, `DAYS_SERVER`, which global setup starts beside the workers' (`test.use({ baseURL: DAYS_SERVER })`). */
import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin } from './api';

/** The server of the journeys that move the clock by days; a server someone already runs when it is reused. */
export const DAYS_SERVER = process.env.E2E_DAYS_BASE_URL ?? process.env.E2E_BASE_URL;

/** The contract's PORTAL_TIME_HEADER, as the browser's fetch reads it. */
const PORTAL_TIME_HEADER = 'x-portal-time';

/** The portal's time now, as every API answer tells it. */
export async function portalTime(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/api/health');
  const told = Date.parse(answer.headers()[PORTAL_TIME_HEADER] ?? '');
  expect(Number.isFinite(told), `the answer carries ${PORTAL_TIME_HEADER}`).toBe(true);
  return told;
}

/** Moves the portal's clock to `at` (ms), as its admin: every sweep due by then runs before this answers. */
export async function moveClockTo(request: APIRequestContext, at: number): Promise<void> {
  const admin = await apiLogin(request, 'admin');
  const moved = await request.post('/api/admin/clock/advance', {
    headers: admin,
    data: { to: new Date(at).toISOString() },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}
