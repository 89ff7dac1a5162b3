import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { InvalidConfig } from '../../src/platform/config-env.js';

/** The problems loadConfig reports for `env`, or [] when it accepts it. */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof InvalidConfig)) throw err;
    return err.problems;
  }
}

describe('a bad configuration at start', () => {
  it('lists every bad variable at once, each with what it must be', () => {
    expect(
      problems({
        PORT: '70000',
        DB_POOL_MAX: '0',
        DEMO: 'yes',
        REDIS_URL: 'cache:6379',
        SMS_PROVIDER: 'sms',
        LOG_LEVEL: 'verbose',
      }),
    ).toEqual([
      'PORT is not a port: 70000',
      'DB_POOL_MAX must be a whole number of at least 1, not 0',
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace, silent, not verbose',
      'DEMO must be 1 or 0, not yes',
      'SMS_PROVIDER must be outbox, http or off, not sms',
      'REDIS_URL must start with redis:// or rediss://',
    ]);
  });

  it('lists the rules between variables beside the bad values, production ones included', () => {
    expect(
      problems({
        NODE_ENV: 'production',
        CAPTCHA_TEST_CODE: '1234',
        TEST_CLOCK_FILE: '/tmp/clock',
        DATABASE_REPLICA_URL: 'postgres://replica/db',
        SMS_PROVIDER: 'http',
        RATE_LIMIT_SCALE: '-1',
      }),
    ).toEqual([
      'RATE_LIMIT_SCALE is not a positive number: -1',
      'CAPTCHA_TEST_CODE must not be set when NODE_ENV=production',
      'TEST_CLOCK_FILE must not be set when NODE_ENV=production',
      'DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replica',
      'SMS_PROVIDER=http needs SMS_HTTP_URL (http:// or https://)',
      'SMS_PROVIDER=http needs SMS_HTTP_KEY',
    ]);
  });

  it('refuses server workers on the embedded database, which belongs to one process', () => {
    expect(problems({ SERVER_WORKERS: '2' })).toEqual([
      'SERVER_WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process',
    ]);
    expect(problems({ SERVER_WORKERS: '0', DATABASE_URL: 'postgres://db/x' })).toEqual([
      'SERVER_WORKERS must be a whole number of at least 1, not 0',
    ]);
    expect(loadConfig({ SERVER_WORKERS: '2', DATABASE_URL: 'postgres://db/x' }).workers).toBe(2);
  });

  it('names them one a line in the message the server stops with', () => {
    expect(() => loadConfig({ DEMO: '2', TRUST_PROXY: 'true', SECRETS_KEY: 'short' })).toThrow(
      /^the configuration is not valid:\n {2}- TRUST_PROXY=true would believe .*\n {2}- DEMO must be 1 or 0, not 2\n {2}- SECRETS_KEY must be 32 bytes/,
    );
  });

  it('takes an empty variable as unset: its default', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '',
      DB_POOL_MAX: '',
      DEMO: '',
      LOG_LEVEL: '',
      SMS_PROVIDER: '',
      REDIS_URL: '',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dbPoolMax: 10,
      demo: true,
      logLevel: 'info',
      redisUrl: undefined,
    });
    expect(config.sms).toEqual({ provider: 'outbox' });
  });
});
