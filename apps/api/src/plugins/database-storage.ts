/** Uploaded files in PostgreSQL (stored_files and stored_file_chunks), read back one chunk per query so a
 * download never holds the whole file in memory. */
import { Readable } from 'node:stream';
import type { Database } from '../db/client';
import { deleteStoredFile, findChunk, insertStoredFile, storedFileExists } from '../repositories/stored-files';
import { checkStorageKey, newStorageKey, type FileStorage } from './storage';

export const DEFAULT_CHUNK_BYTES = 256 * 1024;

export function createDatabaseStorage(db: Database, chunkBytes = DEFAULT_CHUNK_BYTES): FileStorage {
  return {
    async save(bytes) {
      const key = newStorageKey();
      await insertStoredFile(db, key, bytes, chunkBytes);
      return key;
    },
    open(key) {
      checkStorageKey(key);
      let seq = 0;
      // read() is not called again until the chunk pushed has been taken, so one query runs at a time.
      return new Readable({
        async read() {
          try {
            if (seq === 0 && !(await storedFileExists(db, key))) {
              throw Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
            }
            this.push((await findChunk(db, key, seq++)) ?? null);
          } catch (error) {
            this.destroy(error as Error);
          }
        },
      });
    },
    async remove(key) {
      await deleteStoredFile(db, checkStorageKey(key));
    },
  };
}
