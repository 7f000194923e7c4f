/** The portal's settings for the state's single window (decision 036): SINGLE_WINDOW=sandbox (the default: the TEST
 * MODE single window `npm start` runs beside the portal, apps/single-window-sandbox) or live (the state's own).
 *
 * - SINGLE_WINDOW_URL: the single window's base address; pushes go to `<url>/api/department/status` (sandbox:
 *   http://127.0.0.1:<PORT + 4>).
 * - SINGLE_WINDOW_CLIENT_ID: the single window's client id, which its requests to the portal name.
 * - SINGLE_WINDOW_DEPARTMENT_ID: the portal's id at the single window, which its pushes name.
 * - SINGLE_WINDOW_KEY: the shared key (at least 32 characters) both sides sign with (HMAC-SHA256; handoff tokens
 *   HS256). In sandbox mode the key is a fixed, public TEST key the sandbox knows too. */
export interface SingleWindowConfig {
  mode: 'sandbox' | 'live';
  url: string;
  clientId: string;
  departmentId: string;
  key: string;
}

/** The sandbox's TEST credentials: public, so nothing they sign proves anything outside a test. */
export const SANDBOX_SINGLE_WINDOW = {
  clientId: 'sandbox-single-window',
  departmentId: 'sandbox-industrial-corporation',
  key: 'TEST-ONLY single window key: public, proves nothing',
} as const;

export function singleWindowConfigFrom(env: NodeJS.ProcessEnv, port: number): SingleWindowConfig {
  const mode = env.SINGLE_WINDOW?.trim() || 'sandbox';
  if (mode !== 'sandbox' && mode !== 'live') {
    throw new Error(`SINGLE_WINDOW must be "sandbox" or "live", not "${mode}"`);
  }
  const url = (env.SINGLE_WINDOW_URL?.trim() || (mode === 'sandbox' ? `http://127.0.0.1:${port + 4}` : '')).replace(
    /\/+$/,
    '',
  );
  if (!url) throw new Error("SINGLE_WINDOW=live needs SINGLE_WINDOW_URL, the single window's address");
  if (!/^https?:\/\//.test(url) || !URL.canParse(url)) {
    throw new Error(`SINGLE_WINDOW_URL must be an http:// or https:// address, not "${url}"`);
  }
  if (mode === 'sandbox') {
    return {
      mode,
      url,
      clientId: env.SINGLE_WINDOW_CLIENT_ID?.trim() || SANDBOX_SINGLE_WINDOW.clientId,
      departmentId: env.SINGLE_WINDOW_DEPARTMENT_ID?.trim() || SANDBOX_SINGLE_WINDOW.departmentId,
      key: env.SINGLE_WINDOW_KEY?.trim() || SANDBOX_SINGLE_WINDOW.key,
    };
  }
  const clientId = env.SINGLE_WINDOW_CLIENT_ID?.trim();
  const departmentId = env.SINGLE_WINDOW_DEPARTMENT_ID?.trim();
  const key = env.SINGLE_WINDOW_KEY?.trim();
  if (!clientId || !departmentId) {
    throw new Error('SINGLE_WINDOW=live needs SINGLE_WINDOW_CLIENT_ID and SINGLE_WINDOW_DEPARTMENT_ID');
  }
  if (!key || key.length < 32) throw new Error('SINGLE_WINDOW=live needs SINGLE_WINDOW_KEY of at least 32 characters');
  return { mode, url, clientId, departmentId, key };
}

/** The settings of this process (its PORT). */
export function singleWindowConfig(env: NodeJS.ProcessEnv = process.env): SingleWindowConfig {
  return singleWindowConfigFrom(env, Number(env.PORT) || 8000);
}
