import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { storedFileChunks, storedFiles } from '../db/schema';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { createDatabaseStorage } from './database-storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe(`database file storage (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
  });
  afterAll(() => ctx.close());

  it('saves a file in chunks and streams the same bytes back', async () => {
    const storage = createDatabaseStorage(ctx.db, 64 * 1024);
    const bytes = crypto.randomBytes(5 * 64 * 1024 + 123);
    const key = await storage.save(bytes);
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    expect(file!.size).toBe(bytes.length);
    const chunks = await ctx.db.select().from(storedFileChunks).where(eq(storedFileChunks.key, key));
    expect(chunks.map((chunk) => chunk.data.length).sort((a, b) => b - a)).toEqual([...Array(5).fill(65536), 123]);
    expect((await readAll(storage.open(key))).equals(bytes)).toBe(true);
  });

  it('holds at most one chunk while the reader waits', async () => {
    const chunkBytes = 64 * 1024;
    const storage = createDatabaseStorage(ctx.db, chunkBytes);
    const key = await storage.save(crypto.randomBytes(20 * chunkBytes));
    const stream = storage.open(key);
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    // Paused, the stream reads ahead until its buffer reaches the high-water mark and then asks for no more: wait for
    // the read it has under way to come in (its buffer stops growing across several database round trips), then look.
    let before = -1;
    while (before !== stream.readableLength) {
      before = stream.readableLength;
      for (let trip = 0; trip < 3; trip++) await ctx.db.execute(sql`select 1`);
    }
    expect(first.length).toBe(chunkBytes);
    expect(stream.readableLength).toBeLessThanOrEqual(chunkBytes);
    stream.destroy();
  });

  it('keeps an empty file, and the default chunk size round-trips a 5 MB upload', async () => {
    const storage = createDatabaseStorage(ctx.db);
    expect((await readAll(storage.open(await storage.save(Buffer.alloc(0))))).length).toBe(0);
    const large = crypto.randomBytes(5 * 1024 * 1024);
    expect((await readAll(storage.open(await storage.save(large)))).equals(large)).toBe(true);
  });

  it('removes a file with its chunks; opening a missing key fails the stream', async () => {
    const storage = createDatabaseStorage(ctx.db, 1024);
    const key = await storage.save(crypto.randomBytes(4000));
    await storage.remove(key);
    expect(await ctx.db.select().from(storedFileChunks).where(eq(storedFileChunks.key, key))).toEqual([]);
    await expect(readAll(storage.open(key))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(() => storage.open('../../etc/passwd')).toThrow(/Invalid storage key/);
  });
});
