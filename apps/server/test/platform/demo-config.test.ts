import { describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from '../../src/platform/config.js';

const PG = 'postgres://postgres@127.0.0.1:5432/breakshot';

describe('DEMO', () => {
  it('is off in production whatever the database, unless DEMO=1, which is warned at every start', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: PG }).demo).toBe(false);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'production' })).join()).not.toContain('DEMO');
    const forced = loadConfig({ NODE_ENV: 'production', DEMO: '1' });
    expect(forced.demo).toBe(true);
    expect(startupWarnings(forced).join()).toContain(
      'DEMO=1 in production: the demo team logs in with published passwords',
    );
  });

  it('outside production: on with the embedded database, off on PostgreSQL, as DEMO says when set', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: PG }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: PG, DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(startupWarnings(loadConfig({ DEMO: '1' })).join()).not.toContain('DEMO');
  });

  it('takes 1 or 0 only: another value is refused, not guessed', () => {
    for (const value of ['true', 'yes', 'on', '2'])
      expect(() => loadConfig({ DEMO: value })).toThrow(`DEMO must be 1 or 0, not ${value}`);
  });
});
