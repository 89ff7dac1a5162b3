import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from '../../src/platform/config.js';
import { testClock } from '../../src/platform/test-clock.js';

describe('the browser tests’ clock (TEST_CLOCK_FILE)', () => {
  it('runs ahead by the file’s milliseconds, and at real time without the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'clock-')), 'clock');
    const now = testClock(file);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1_000);
    writeFileSync(file, String(86_400_000));
    await new Promise((r) => setTimeout(r, 150));
    expect(now().getTime() - Date.now()).toBeGreaterThan(86_399_000);
    writeFileSync(file, 'not a number');
    await new Promise((r) => setTimeout(r, 150));
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('is refused in production and warned of elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_FILE: '/tmp/x' })).toThrow(/TEST_CLOCK_FILE/);
    const config = loadConfig({ TEST_CLOCK_FILE: '/tmp/x' });
    expect(config.testClockFile).toBe('/tmp/x');
    expect(startupWarnings(config).join()).toContain('TEST_CLOCK_FILE is set');
  });
});
