import { auth } from '@breakshot/contracts';
import { checkFakeAnswer } from '@breakshot/contracts/answer-check';
import { describe, expect, it } from 'vitest';
import { call } from '../lib/http';
import { takeProblems } from '../test-network-guard';
import { demoUser, fakeApi } from './fake-api';

/** demoUser with `nickname` renamed `nickName`: what a drifted fake would answer. */
const { nickname, ...rest } = demoUser;
const renamed = { ...rest, nickName: nickname };

describe('fake answers are checked against the contracts', () => {
  it('a renamed field fails the test, naming the call and the field', async () => {
    fakeApi({ '/user/info': () => ({ code: 200, data: renamed }) });
    await call(auth.userInfo, {});
    const [problem, ...more] = takeProblems();
    expect(more).toEqual([]);
    expect(problem).toMatch(/^fake answer of \/user\/info \(auth\.userInfo\) does not fit its response schema:/);
    expect(problem).toContain('data.nickname: Invalid input: expected string, received undefined');
  });

  it('a field the contract lacks fails it too (the server would drop it)', async () => {
    fakeApi({ '/user/info': () => ({ code: 200, data: { ...demoUser, vip: 3 } }) });
    await call(auth.userInfo, {});
    expect(takeProblems()).toEqual([
      'fake answer of /user/info (auth.userInfo) does not fit its response schema:\n  data.vip: not in the contract',
    ]);
  });

  it('an answer that fits passes, as does a failure in the error envelope', async () => {
    fakeApi({
      '/user/info': () => ({ code: 200, data: demoUser }),
      '/user/logout': () => ({ code: 429, msg: '操作太频繁', data: { retryAfter: 30 } }),
    });
    await call(auth.userInfo, {});
    await call(auth.userLogout, {}).catch(() => {});
    expect(takeProblems()).toEqual([]);
  });

  it('a failure with data the error envelope lacks, or a path no call has, is refused', () => {
    expect(() => checkFakeAnswer('player', '/user/info', { code: 400, msg: '错误', data: { fieldName: 'x' } })).toThrow(
      /\(auth\.userInfo\) does not fit the error envelope:\n {2}data\.fieldName: not in the contract/,
    );
    expect(() => checkFakeAnswer('player', '/user/infos', { code: 200, msg: 'ok', data: demoUser })).toThrow(
      'fake answer of /user/infos: no player call of the contracts has this path',
    );
  });
});
