/** Uploaded files kept in the database in numbered chunks, so every API process reads the same files. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';

/** Writes the file and all its chunks in one transaction: a reader never sees half a file. */
export async function insertStoredFile(db: Database, key: string, bytes: Buffer, chunkBytes: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(storedFiles).values({ key, size: bytes.length });
    for (let seq = 0; seq * chunkBytes < bytes.length; seq++) {
      const data = bytes.subarray(seq * chunkBytes, (seq + 1) * chunkBytes);
      await tx.insert(storedFileChunks).values({ key, seq, data });
    }
  });
}

export async function storedFileExists(db: Database, key: string): Promise<boolean> {
  const [row] = await db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, key));
  return row !== undefined;
}

/** One chunk, or undefined after the last. */
export async function findChunk(db: Database, key: string, seq: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ data: storedFileChunks.data })
    .from(storedFileChunks)
    .where(and(eq(storedFileChunks.key, key), eq(storedFileChunks.seq, seq)));
  return row?.data;
}

/** Deletes the file; its chunks go with it (foreign key cascade). */
export async function deleteStoredFile(db: Database, key: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.key, key));
}
