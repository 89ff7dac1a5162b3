import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin } from '@breakshot/contracts';
import { newPlayerUnder } from '../helpers/agent-money.js';
import { newTree, rollUpOn, siteDays } from '../helpers/agent-settlement.js';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

describe(
  'npm run admin -- agent-set, agent-tree, agent-settle, agent-statements, agent-tiers',
  { timeout: CLI_TEST_TIMEOUT },
  () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
      url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => t.close());

    it('sets a top-level agent and one below it (no higher than the upline), shows the tree', async () => {
      const top = await newPlayerUnder(t);
      const sub = await newPlayerUnder(t, top.inviteCode);
      const leaf = await newPlayerUnder(t, sub.inviteCode);

      const set = await adminCli(url, [
        'agent-set',
        top.username.toUpperCase(),
        '--kind',
        'agent',
        '--rates',
        'taiqiu=120,slots=80,poker=50',
        '--ratio',
        '3000',
        '--reason',
        '签约 一级代理',
      ]);
      expect(set.stderr).toBe('');
      expect(set).toMatchObject({
        code: 0,
        stdout: `${top.username}: agent, taiqiu 1.2% slots 0.8% poker 0.5%, dividend 30%\n`,
      });
      const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10, target: top.username });
      expect(audit.data.list[0]).toMatchObject({
        operator: operatorCalls.ADMIN_TOKEN_IDENTITY,
        action: 'agents.profile.save',
        payload: { reason: '签约 一级代理' },
      });

      const above = await adminCli(url, [
        'agent-set',
        sub.username,
        '--kind',
        'agent',
        '--rates',
        'poker=60',
        '--reason',
        'x',
      ]);
      expect(above.code).toBe(1);
      expect(above.stderr).toContain('422');
      // What is not given is kept: the kind and the other rates.
      const partial = await adminCli(url, ['agent-set', sub.username, '--rates', 'taiqiu=100', '--reason', '调整']);
      expect(partial).toMatchObject({
        code: 0,
        stdout: `${sub.username}: member, taiqiu 1% slots 0% poker 0%, dividend 0%\n`,
      });

      const tree = await adminCli(url, ['agent-tree', sub.username]);
      expect(tree.code, tree.stderr).toBe(0);
      expect(tree.stdout).toContain(
        `${sub.username} (member): taiqiu 1% slots 0% poker 0%, dividend 0%; 1 direct, 1 in the team`,
      );
      expect(tree.stdout).toContain(`upline: ${top.username}\n`);
      expect(tree.stdout).toMatch(new RegExp(`${leaf.userId}\\s+${leaf.username}\\s+member\\s+taiqiu 0%`));
      const topTree = await adminCli(url, ['agent-tree', top.username]);
      expect(topTree.stdout).toContain('upline: (top level)');
      expect(topTree.stdout).toContain('1 direct, 2 in the team');
    });

    it('exits 1 for an unknown player or a refusal, 2 for a usage error', async () => {
      const nobody = await adminCli(url, ['agent-tree', 'nobody00000x']);
      expect(nobody).toMatchObject({ code: 1 });
      expect(nobody.stderr).toContain('no player named nobody00000x');
      const p = await newPlayerUnder(t);
      const badRates = await adminCli(url, ['agent-set', p.username, '--rates', 'billiards=10', '--reason', 'x']);
      expect(badRates.code).toBe(2);
      expect(badRates.stderr).toContain('--rates game=bp');
      const noReason = await adminCli(url, ['agent-set', p.username, '--kind', 'agent']);
      expect(noReason.code).toBe(2);
      expect(noReason.stderr).toContain('missing --reason');
      const help = await adminCli(url, ['help']);
      expect(help.stdout).toContain('agent-tree <username>');
      expect(help.stdout).toContain('agent-settle --kind commission|dividend --period YYYY-MM-DD');
    });

    it('sets and shows the platform table, settles a period once, lists its statements', async () => {
      const tree = await newTree(t);
      const days = await siteDays(t);
      const day = days.monday(1);
      await rollUpOn(t, tree.m4, days.noonOf(day), 'taiqiu', { betCount: 1, stake: 100_000, validBet: 100_000 });
      const tiers = await adminCli(url, [
        'agent-tiers-set',
        '--tiers',
        'taiqiu:0:120,taiqiu:10000:180',
        '--reason',
        '平台表',
      ]);
      expect(tiers.stderr).toBe('');
      expect(tiers.stdout).toMatch(/taiqiu\s+10,000\.00\s+1\.8%/);

      const settle = ['agent-settle', '--kind', 'commission', '--period', day];
      expect((await adminCli(url, settle)).stdout).toBe(`commission ${day}: 1 statement, 12.00 paid\n`);
      const [again, statements, shown] = await Promise.all([
        adminCli(url, settle),
        adminCli(url, ['agent-statements', '--username', tree.top.username]),
        adminCli(url, ['agent-tiers']),
      ]);
      expect(again.stdout).toContain('settled before, nothing more paid');
      expect(statements.stdout).toMatch(new RegExp(`${tree.top.username}\\s+commission\\s+${day}\\s+1,000\\.00`));
      expect(statements.stdout).toContain('total paid: 12.00');
      expect(shown.stdout).toMatch(/taiqiu\s+0\.00\s+1\.2%/);
    });
  },
);
