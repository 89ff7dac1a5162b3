import { readFileSync } from 'node:fs';

/** How long a read offset is reused: now() is called on every request and must stay cheap. */
const REREAD_MS = 100;

/**
 * The server's clock for browser tests that need a period to end (a day's commission settles
 * only after the day): real time plus the whole milliseconds written in `file` (missing or empty:
 * 0). Only with TEST_CLOCK_FILE, which config refuses in production.
 */
export function testClock(file: string): () => Date {
  let offset = 0;
  let readAt = -Infinity;
  return () => {
    const real = Date.now();
    if (real - readAt >= REREAD_MS) {
      readAt = real;
      offset = readOffset(file);
    }
    return new Date(real + offset);
  };
}

function readOffset(file: string): number {
  try {
    const ms = Number(readFileSync(file, 'utf8').trim() || 0);
    return Number.isSafeInteger(ms) ? ms : 0;
  } catch {
    return 0;
  }
}
