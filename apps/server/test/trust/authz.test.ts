import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operatorCalls,
  API_PREFIX,
  auth,
  operatorsAdmin,
  profile,
  taiqiu,
  uploads,
  type CallContract,
} from '@breakshot/contracts';
import { SESSION_TTL_MS } from '../../src/platform/sessions.js';
import { databaseDigest, newOperator, type LoggedInOperator } from '../helpers/operators.js';
import { getWssToken } from '../helpers/live-client.js';
import { newMatch } from '../helpers/taiqiu.js';
import {
  call,
  captchaId,
  PASSWORD,
  registerUser,
  startTestApp,
  TEST_CAPTCHA,
  uniqueName,
  type TestApp,
} from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { newHoldings, viewOf } from './authz/holdings.js';
import { ID_RULES, TEAM_RULES, withValue, type IdRule } from './authz/id-rules.js';
import { idFieldsOf, isTeamCall } from './authz/walk.js';
import { adminCalls, playerCalls, type AdminCallEntry } from '@breakshot/contracts/catalog';
import { figure } from './figures.js';

/*
 * Who may make which call, for every call of the contracts
 * (packages/contracts/src/catalog.ts finds them, walk.ts their id fields): operator calls refused
 * to players and to roles the contract does not list; player calls with auth refused without a
 * live session; and no player reaching another's objects by naming their ids (id-rules.ts says
 * how, for each call that takes one).
 */

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/**
 * Operator calls taken before there is a session (the console's login, setup links): no
 * credentials are needed, so the attempt is the player's own credentials or token in the body. A
 * call that answers anything but a refusal without credentials and is not here fails the matrix.
 */
const PRE_SESSION: Record<string, (p: { username: string; token: string }) => Record<string, unknown>> = {
  [operatorsAdmin.login.path]: (p) => ({ username: p.username, password: PASSWORD }),
  [operatorsAdmin.totpConfirm.path]: (p) => ({ setupToken: p.token, code: '123456' }),
  // A player's session token is no setup link.
  [operatorsAdmin.setupLinkCheck.path]: (p) => ({ token: p.token }),
  [operatorsAdmin.setupLinkUse.path]: (p) => ({ token: p.token, password: 'a console pass 123' }),
};

const players = playerCalls();
const operators = adminCalls();
const idTaking = players
  .map((c) => ({ ...c, fields: idFieldsOf(c.contract.request) }))
  .filter((c) => c.fields.length > 0 || isTeamCall(c.contract.path));
const ruleOf = (path: string): IdRule | undefined => (isTeamCall(path) ? TEAM_RULES[path] : ID_RULES[path]);

describe('authorization matrix, generated from the contracts', () => {
  let t: TestApp;
  const counts = { attempts: 0, refused: 0, leaks: 0 };

  /** Counts an attempt; `leaked`: the answer carried data of someone else. */
  function tally(refused: boolean, leaked = false): void {
    counts.attempts += 1;
    if (refused) counts.refused += 1;
    if (leaked) counts.leaks += 1;
  }

  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  });
  afterAll(async () => {
    figure('authorization matrix', {
      'player calls': players.length,
      'admin calls': new Set(operators.map((c) => c.call)).size,
      'csv exports': operators.filter((c) => c.path !== c.call.path).length,
      'id-taking calls': idTaking.length,
      attempts: counts.attempts,
      refused: counts.refused,
      leaks: counts.leaks,
    });
    await t?.close();
  });

  it('walks every call, and has a rule for every field that names an object and every team call', () => {
    expect(players.length).toBeGreaterThan(40);
    expect(operators.length).toBeGreaterThan(50);
    expect(players.map((c) => c.contract.path)).toEqual(expect.arrayContaining(['/user/info', '/taiqiu/bet']));
    const missing: string[] = [];
    for (const c of idTaking) {
      const rule = ruleOf(c.contract.path);
      const table = isTeamCall(c.contract.path) ? 'TEAM_RULES' : 'ID_RULES';
      if (!rule) missing.push(`${table}['${c.contract.path}'] (${c.name}: ${c.fields.join(', ') || 'team call'})`);
      else if (Object.keys(rule.fields).sort().join() !== c.fields.join())
        missing.push(`${table}['${c.contract.path}'].fields: ${c.fields.join(', ')}`);
      else if (Object.values(rule.fields).some((f) => typeof f === 'function') && !rule.body)
        missing.push(`${table}['${c.contract.path}'].body`);
    }
    expect(missing, 'id-taking calls the matrix has no rule for (authz/id-rules.ts)').toEqual([]);
    const walked = new Set(idTaking.map((c) => c.contract.path));
    const stale = [...Object.keys(ID_RULES), ...Object.keys(TEAM_RULES)].filter((p) => !walked.has(p));
    expect(stale, 'rules of calls that no longer take an id').toEqual([]);
  });

  it('(a) every operator call is refused to a player, without credentials, and to a role it does not list', async () => {
    const username = uniqueName('pl');
    const token = await registerUser(t.app, username);
    const roles = new Map<operatorCalls.OperatorRole, LoggedInOperator>();
    for (const role of operatorCalls.operatorRoles) roles.set(role, await newOperator(t, `trust-${role}`, role));

    const before = await databaseDigest(t.db);
    const credentials: Record<string, Record<string, string>> = {
      'player token in the token header': { token },
      'player token as an operator session': { [operatorCalls.OPERATOR_SESSION_HEADER]: token },
      'player token as the CLI token': { [operatorCalls.ADMIN_TOKEN_HEADER]: token },
      'no credentials': {},
    };
    const guarded = operators.filter((c) => !PRE_SESSION[c.call.path]);
    for (const c of guarded) {
      for (const [how, headers] of Object.entries(credentials)) {
        const res = await postAdmin(c, headers, {});
        const leaked = res.data !== null || JSON.stringify(res).includes(username);
        tally(res.code === 401 || res.code === 403, leaked);
        expect(
          { call: c.name, how, code: res.code, data: res.data },
          'a call open before login? see PRE_SESSION',
        ).toEqual({
          call: c.name,
          how,
          code: how === 'player token as the CLI token' ? 403 : 401,
          data: null,
        });
      }
      // The role check (operatorCalls.mayCall), for every role the contract does not list.
      for (const role of operatorCalls.operatorRoles.filter((r) => !operatorCalls.mayCall(r, c.call))) {
        const res = await postAdmin(c, { [operatorCalls.OPERATOR_SESSION_HEADER]: roles.get(role)?.session ?? '' }, {});
        tally(res.code === 403, res.data !== null);
        expect({ call: c.name, role, code: res.code, msg: res.msg, data: res.data }).toEqual({
          call: c.name,
          role,
          code: 403,
          msg: '您的角色无权进行此操作',
          data: null,
        });
      }
    }
    expect(await databaseDigest(t.db), 'refused operator calls changed the database').toEqual(before);

    // Calls taken before login (no role: there is no session yet) refuse the player's own
    // credentials and token, whatever header carries them.
    for (const c of operators.filter((o) => PRE_SESSION[o.call.path])) {
      const body = PRE_SESSION[c.call.path]?.({ username, token }) ?? {};
      for (const [how, headers] of Object.entries(credentials)) {
        const res = await postAdmin(c, headers, body);
        tally(res.code === 401 || res.code === 403, res.data !== null);
        expect({ call: c.name, how, refused: [401, 403].includes(res.code), data: res.data }).toEqual({
          call: c.name,
          how,
          refused: true,
          data: null,
        });
      }
    }
  }, 120_000);

  it("(c) player B naming player A's objects is refused or sees none of A's data, and A's objects stay as they were", async () => {
    const match = await newMatch(t);
    const a = await newHoldings(t, match);
    const b = await newHoldings(t, match);
    const before = await viewOf(t, a);

    const tries = idTaking.flatMap((c) => {
      const rule = ruleOf(c.contract.path);
      if (!rule?.body) return [];
      const body = rule.body;
      return Object.entries(rule.fields).flatMap(([field, value]) =>
        typeof value === 'function' ? [{ c, field, value, body, last: rule.last === true }] : [],
      );
    });
    // A request that deletes the caller's own object goes after those that still need it.
    tries.sort((x, y) => Number(x.last) - Number(y.last));
    expect(tries.length).toBeGreaterThan(10);

    for (const { c, field, value, body } of tries) {
      const sent = value(a);
      const digest = await databaseDigest(t.db);
      const res = (await call(t.app, c.contract, withValue(body(b, field), field, sent), {
        token: b.token,
      })) as Envelope;
      const top = field.split('.')[0];
      const refused =
        res.code === 403 ||
        res.code === 404 ||
        (res.code === 400 && (res.data as { field?: string } | null)?.field === top);
      const text = JSON.stringify(res);
      const leakedMarkers = a.markers.filter((m) => !JSON.stringify(sent).includes(m) && text.includes(m));
      const refusalData = refused && res.data !== null && Object.keys(res.data as object).some((k) => k !== 'field');
      tally(refused, leakedMarkers.length > 0 || refusalData);
      expect({ call: c.name, field, refusedOrAnswered: refused || res.code === 200, res }).toMatchObject({
        refusedOrAnswered: true,
      });
      expect({ call: c.name, field, leaked: leakedMarkers, refusalData }).toEqual({
        call: c.name,
        field,
        leaked: [],
        refusalData: false,
      });
      if (refused) expect(await databaseDigest(t.db), `${c.name}: a refusal wrote`).toEqual(digest);
      expect(await viewOf(t, a), `${c.name} with A's ${field} changed what A sees`).toEqual(before);
      // The same request with B's own object works: the refusal was about whose object it is.
      const own = await call(t.app, c.contract, body(b, field), { token: b.token });
      expect({ call: c.name, own: own.code, msg: own.msg }).toMatchObject({ own: 200 });
    }
  }, 120_000);

  // Last: it moves the clock past every earlier session's expiry.
  it('(b) every player call with auth refuses a missing, forged, expired or revoked token (401, no data)', async () => {
    const victim = async () => {
      const username = uniqueName('vi');
      return { username, token: await registerUser(t.app, username) };
    };
    // Expired first: the sessions revoked after the clock moves would still be live but for that.
    const expired = await victim();
    const bettor = await newHoldings(t, await newMatch(t));
    t.clock.advance(SESSION_TTL_MS + 60_000);
    const loggedOut = await victim();
    expect((await call(t.app, auth.userLogout, {}, { token: loggedOut.token })).code).toBe(200);
    const passwordChanged = await victim();
    const login = await call(t.app, auth.login, {
      username: passwordChanged.username,
      password: PASSWORD,
      captchaId: await captchaId(t.app),
      captchaCode: TEST_CAPTCHA,
    });
    const changed = await call(
      t.app,
      profile.changePassword,
      { oldPassword: PASSWORD, password: 'newSecret456' },
      { token: login.data.token },
    );
    expect(changed.data.sessionsEnded).toBe(1);
    const live = await victim();
    const last = live.token.at(-1) === 'A' ? 'B' : 'A';
    const operator = await newOperator(t, 'trust-ops-b', 'admin');

    const tokens: Record<string, { token: string | undefined; owner?: string }> = {
      'no token header': { token: undefined },
      'the string false': { token: 'false' },
      'a forged token': { token: randomBytes(32).toString('base64url') },
      'a live token with its last character changed': { token: live.token.slice(0, -1) + last, owner: live.username },
      'an expired token': { token: expired.token, owner: expired.username },
      'a logged-out token': { token: loggedOut.token, owner: loggedOut.username },
      'a token ended by a password change': { token: passwordChanged.token, owner: passwordChanged.username },
      "a live session's live ticket": { token: await getWssToken(t.app, live.token), owner: live.username },
      "an operator's console session": { token: operator.session },
    };
    const guarded = players.filter((c) => c.contract.auth);
    expect(guarded.length).toBeGreaterThan(30);
    for (const [how, { token, owner }] of Object.entries(tokens)) {
      for (const c of guarded) {
        const res = await postPlayer(c.contract, token);
        const leaked = res.data !== null || (owner !== undefined && JSON.stringify(res).includes(owner));
        tally(res.code === 401, leaked);
        expect({ call: c.name, how, code: res.code, data: res.data, leaked }).toEqual({
          call: c.name,
          how,
          code: 401,
          data: null,
          leaked: false,
        });
      }
      // The upload (multipart, not a JSON call) needs the session too.
      const res = await postUpload(token);
      tally(res.code === 401, res.data !== null);
      expect({ call: 'upload', how, code: res.code, data: res.data }).toEqual({
        call: 'upload',
        how,
        code: 401,
        data: null,
      });
    }
    // The live token still works: the refusals were about the tokens.
    expect((await call(t.app, auth.userInfo, {}, { token: live.token })).code).toBe(200);

    // A public call that reads a session when sent one (the match page lists the caller's bets)
    // takes an ended one for none.
    const page = await call(t.app, taiqiu.match, { id: bettor.matchId }, { token: bettor.token });
    const leaked = bettor.markers.filter((m) => JSON.stringify(page).includes(m));
    tally(page.data.myBets === undefined, leaked.length > 0);
    expect({ code: page.code, myBets: page.data.myBets, leaked }).toEqual({ code: 200, myBets: undefined, leaked: [] });
  }, 120_000);

  async function postAdmin(c: AdminCallEntry, headers: Record<string, string>, body: object): Promise<Envelope> {
    const res = await t.app.inject({
      method: 'POST',
      url: operatorCalls.ADMIN_PREFIX + c.path,
      headers,
      payload: body,
    });
    expect({ call: c.name, status: res.statusCode, type: res.headers['content-type'] }).toMatchObject({
      status: 200,
      type: expect.stringContaining('application/json'),
    });
    return res.json();
  }

  async function postPlayer(contract: CallContract, token: string | undefined): Promise<Envelope> {
    const res = await t.app.inject({
      method: contract.method,
      url: API_PREFIX + contract.path,
      headers: token === undefined ? {} : { token },
      ...(contract.method === 'GET' ? {} : { payload: {} }),
    });
    expect({ path: contract.path, status: res.statusCode }).toEqual({ path: contract.path, status: 200 });
    return res.json();
  }

  async function postUpload(token: string | undefined): Promise<Envelope> {
    const boundary = '----trust-boundary';
    const res = await t.app.inject({
      method: 'POST',
      url: API_PREFIX + uploads.UPLOAD_PATH,
      headers: {
        ...(token === undefined ? {} : { token }),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\ncontent-disposition: form-data; name="purpose"\r\n\r\navatar\r\n--${boundary}--\r\n`,
    });
    return res.json();
  }
});
