// npm start: builds the web app when its build is missing or older than its sources, then runs the server (and beside
// it the sandbox payment gateway unless PAYMENT_GATEWAY=razorpay, the sandbox randomness beacon unless
// RANDOMNESS_BEACON=quicknet, the sandbox eSign provider unless ESIGN=esp, and the sandbox SMS provider unless
// SMS_PROVIDER=gupshup, and the sandbox state single window unless SINGLE_WINDOW=live; see sandbox-gateway.mjs,
// sandbox-beacon.mjs, sandbox-esign.mjs, sandbox-sms.mjs and sandbox-single-window.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startSandboxBeacon } from './sandbox-beacon.mjs';
import { startSandboxEsign } from './sandbox-esign.mjs';
import { startSandboxGateway } from './sandbox-gateway.mjs';
import { startSandboxSms } from './sandbox-sms.mjs';
import { startSandboxSingleWindow } from './sandbox-single-window.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestChange(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(webDir, 'src'), path.join(webDir, 'index.html'), path.join(root, 'packages/contract/src')];
const built = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const changed = Math.max(
  ...sources.map((source) => (fs.statSync(source).isDirectory() ? newestChange(source) : fs.statSync(source).mtimeMs)),
);
if (changed > built) {
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const sandboxes = [
  startSandboxGateway(),
  startSandboxBeacon(),
  startSandboxEsign(),
  startSandboxSms(),
  startSandboxSingleWindow(),
].filter(Boolean);
// A fresh demo portal shows the demo world (decision 027) unless DEMO_WORLD=false, and its clock may be moved forward
// by an admin (`npm run clock`, decision 026) unless CLOCK=fixed; never in production, where the clock is fixed.
const production = process.env.NODE_ENV === 'production';
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DEMO_WORLD: process.env.DEMO_WORLD ?? 'true',
    CLOCK: process.env.CLOCK ?? (production ? 'fixed' : 'movable'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
    sandboxes.forEach((sandbox) => sandbox.kill(signal));
  });
}
// The sandboxes stop with the portal.
server.on('exit', (code, signal) => {
  sandboxes.forEach((sandbox) => sandbox.kill('SIGTERM'));
  process.exit(code ?? (signal ? 0 : 1));
});
