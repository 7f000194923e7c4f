/** Where uploaded files live: on disk (DATA_DIR/uploads, random names, outside the web root), the default on
 * PGlite, or in the database (database-storage.ts), the default on PostgreSQL, where every API process reads them. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStorage {
  save(bytes: Buffer): Promise<string>;
  open(key: string): Readable;
  remove(key: string): Promise<void>;
}

/** A stored file's bytes, whole (a PDF read to be signed or checked). */
export async function readStoredBytes(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const newStorageKey = () => crypto.randomBytes(16).toString('hex');

export function checkStorageKey(key: string): string {
  if (!/^[a-f0-9]{32}$/.test(key)) throw new Error('Invalid storage key');
  return key;
}

export function createDiskStorage(directory: string): FileStorage {
  fs.mkdirSync(directory, { recursive: true });
  const pathOf = (key: string) => path.join(directory, checkStorageKey(key));
  return {
    async save(bytes) {
      const key = newStorageKey();
      await fs.promises.writeFile(pathOf(key), bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    open(key) {
      return fs.createReadStream(pathOf(key));
    },
    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}
