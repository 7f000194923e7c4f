/** Where uploaded files live. Disk by default (DATA_DIR/uploads, random names, outside the web root); an
 * S3-compatible store can implement the same interface when the API runs on several machines. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStorage {
  save(bytes: Buffer): Promise<string>;
  open(key: string): Readable;
  remove(key: string): Promise<void>;
}

export function createDiskStorage(directory: string): FileStorage {
  fs.mkdirSync(directory, { recursive: true });
  const pathOf = (key: string) => {
    if (!/^[a-f0-9]{32}$/.test(key)) throw new Error('Invalid storage key');
    return path.join(directory, key);
  };
  return {
    async save(bytes) {
      const key = crypto.randomBytes(16).toString('hex');
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
