/** Memory-hard password hashing (argon2id). */
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Each hash takes a core for tens of milliseconds on Node's small shared thread pool. Unbounded, a burst of
// sign-ins fills every pool thread and every core, and all other requests (the database runs on the main thread,
// file and compression work on the same pool) wait behind them. Sign-ins queue among themselves instead, leaving
// one core to the main thread.
const MAX_CONCURRENT = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, options));
}

function verifyHash(storedHash: string, password: string): Promise<boolean> {
  return limited(() => verify(storedHash, password)).catch(() => false);
}

// Verifying against a fixed hash when the user is unknown keeps the timing of both answers alike.
let dummyHash: Promise<string> | undefined;
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyHash(await dummyHash, password);
    return false;
  }
  return verifyHash(storedHash, password);
}
