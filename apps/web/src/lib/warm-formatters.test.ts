import { describe, expect, it } from 'vitest';
import { warmFormattersWhenIdle } from './warm-formatters';

describe('warming the formatters', () => {
  it('builds them one idle period at a time, and stops when all are built', () => {
    const scheduled: (() => void)[] = [];
    warmFormattersWhenIdle((task) => scheduled.push(task));
    let periods = 0;
    while (scheduled.length > 0) {
      // Each idle period runs one task, which asks for at most one more.
      const task = scheduled.shift()!;
      task();
      periods += 1;
      expect(scheduled.length).toBeLessThanOrEqual(1);
    }
    expect(periods).toBe(7);
  });
});
