// npm run dev: the API (restarting on change), Vite's dev server with its /api proxy, the sandbox payment gateway
// unless PAYMENT_GATEWAY=razorpay (sandbox-gateway.mjs), the sandbox randomness beacon unless
// RANDOMNESS_BEACON=quicknet (sandbox-beacon.mjs), the sandbox eSign provider unless ESIGN=esp (sandbox-esign.mjs),
// the sandbox SMS provider unless SMS_PROVIDER=gupshup (sandbox-sms.mjs) and the sandbox state single window unless
// SINGLE_WINDOW=live (sandbox-single-window.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startSandboxBeacon } from './sandbox-beacon.mjs';
import { startSandboxEsign } from './sandbox-esign.mjs';
import { startSandboxGateway } from './sandbox-gateway.mjs';
import { startSandboxSms } from './sandbox-sms.mjs';
import { startSandboxSingleWindow } from './sandbox-single-window.mjs';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
  startSandboxGateway(),
  startSandboxBeacon(),
  startSandboxEsign(),
  startSandboxSms(),
  startSandboxSingleWindow(),
].filter(Boolean);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((child) => child.kill(signal)));
