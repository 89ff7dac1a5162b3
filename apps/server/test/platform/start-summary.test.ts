import { describe, expect, it } from 'vitest';
import { appUrl, startSummary, type StartFacts } from '../../src/start-summary.js';

/* What `npm start` prints at the end of its start in a terminal. */
const facts: StartFacts = {
  port: 3000,
  host: '0.0.0.0',
  demo: true,
  dataDir: '/srv/breakshot/data',
  defaultDataDir: '/srv/breakshot/data',
  lanAddress: '192.168.1.20',
};

describe('the start summary', () => {
  it('says where the app and the console are, the demo logins and how to make an operator', () => {
    const text = startSummary(facts);
    expect(text).toContain('Player app        http://localhost:3000/\n');
    expect(text).toContain('Operator console  http://localhost:3000/admin/\n');
    expect(text).toContain('On your network   http://192.168.1.20:3000/');
    expect(text).toContain('Demo logins (password demo1234):');
    expect(text).toContain('demoagent (agent; security and recharge password 123456)');
    expect(text).toContain('demosubagent (sub-agent), demomember1, demomember2 (members)');
    expect(text).toContain('\n    npm run admin -- create-operator <name> admin\n');
    expect(text).not.toContain('{');
  });

  it('without demo mode lists no logins; another port or data folder goes into the operator command', () => {
    const text = startSummary({ ...facts, demo: false, port: 3105, dataDir: '/tmp/bs-data' });
    expect(text).not.toMatch(/demo/i);
    expect(text).toContain('http://localhost:3105/admin/');
    expect(text).toContain('PORT=3105 DATA_DIR=/tmp/bs-data npm run admin -- create-operator <name> admin');
  });

  it('names the address it listens on when that is one address only, with no network line', () => {
    const text = startSummary({ ...facts, host: '127.0.0.1' });
    expect(text).toContain('http://127.0.0.1:3000/');
    expect(text).not.toContain('On your network');
    expect(appUrl({ host: '::1', port: 8080 })).toBe('http://[::1]:8080');
  });
});
