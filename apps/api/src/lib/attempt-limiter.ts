/** Counts attempts per key in a fixed window, for sign-in limiting. Kept in process memory: with several API
 * processes each limits on its own, which still bounds guessing to a small multiple. */
export interface AttemptLimiter {
  /** Records an attempt; answers false when the key has used up its window. */
  tryAttempt(key: string, now?: number): boolean;
}

export function createAttemptLimiter(maxPerWindow: number, windowMs = 60_000, maxKeys = 100_000): AttemptLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    tryAttempt(key, now = Date.now()) {
      const current = windows.get(key);
      if (!current || now - current.start >= windowMs) {
        if (windows.size >= maxKeys) {
          for (const [oldKey, window] of windows) if (now - window.start >= windowMs) windows.delete(oldKey);
          if (windows.size >= maxKeys) windows.clear();
        }
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= maxPerWindow;
    },
  };
}
