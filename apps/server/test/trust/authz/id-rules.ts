import { randomUUID } from 'node:crypto';
import { RECHARGE_PASSWORD, SECURITY_PASSWORD } from '../../helpers/agent-money.js';
import { FUND_PASSWORD } from '../../helpers/withdrawals.js';
import type { Holdings } from './holdings.js';

/*
 * How the matrix tries each request field that names a stored object (walk.ts: isIdField) with
 * another player's value. Every call the walk finds with such a field must have a rule here, for
 * every such field, or the matrix fails: whoever adds a call that takes an id says here how to get
 * another player's value for it (extend Holdings when it is a new kind of object), or why the
 * field names nothing a player owns.
 */

/** A player-owned object: player B asks with A's value of the field. */
export type OwnedValue = (owner: Holdings) => unknown;
/** The field names nothing a player owns: why. */
export type NotOwned = string;

export interface IdRule {
  /**
   * A request of the caller's own (with the caller's own objects) that the call accepts: code 200;
   * made for one field at a time (a call that uses up what it names needs one object per field).
   */
  body?: (own: Holdings, field: string) => Record<string, unknown>;
  fields: Record<string, OwnedValue | NotOwned>;
  /** Its request of the caller's own deletes the caller's object: tried after every other rule. */
  last?: true;
}

const CAPTCHA = 'a captcha belongs to no player: whoever reads its image may answer it';
/** The idempotency key of a bet or withdrawal (test/taiqiu/bet-replay, withdrawals/withdraw-replay: another player's same key is independent). */
const REQUEST_ID = "the caller's own idempotency key: looked up among the caller's rows only";

const PASSKEY_ADDED = "a new passkey's id, made by the authenticator: one already kept is refused (passkeyExists)";
const PASSKEY_SIGNED = 'names the passkey that signed the answer: only its private key logs in';

export const ID_RULES: Record<string, IdRule> = {
  '/captcha/checkCode': { fields: { captchaId: CAPTCHA } },
  '/login': { fields: { captchaId: CAPTCHA } },
  '/register': { fields: { captchaId: CAPTCHA } },
  '/user/edit/sendSmsCode': { fields: { captchaId: CAPTCHA } },
  '/notice/details': { fields: { id: 'published notices are public' } },
  '/user/push/subscribe': {
    fields: {
      deviceId:
        "the app's own name of the browser: replaced among the caller's subscriptions only (test/push/push.test.ts)",
    },
  },
  '/user/recharge/startPay': { fields: { channelId: "the site's payment channels serve every player" } },
  '/promotion/details': { fields: { id: "promotions are public; the answer carries only the caller's application" } },
  '/promotion/zhudan/list': { fields: { id: "promotions are public; the list is of the caller's slips only" } },
  '/promotion/apply': {
    fields: {
      id: "promotions are public; the application made is the caller's",
      // A slip is looked up among the caller's own qualifying slips only: another player's bet
      // number is refused like any that does not qualify (422 promotionSlipNotQualified, nothing
      // written; test/promotions/lucky-slip), so it is no refusal of this matrix's kind.
      betNo: "looked up among the caller's own qualifying slips only",
    },
  },
  '/taiqiu/bet': {
    fields: {
      matchId: 'matches are public',
      marketId: "a public match's markets",
      selectionId: "a public market's selections",
      requestId: REQUEST_ID,
    },
  },
  '/taiqiu/parlay': {
    fields: {
      'legs.matchId': 'matches are public',
      'legs.marketId': "a public match's markets",
      'legs.selectionId': "a public market's selections",
      requestId: REQUEST_ID,
    },
  },
  '/taiqiu/tracker': { fields: { id: 'matches are public, and the tracker carries nothing of any player' } },
  '/taiqiu/favourites/set': {
    fields: { matchId: "matches are public; the star set is the caller's own (test/taiqiu/favourites)" },
  },
  // The match is public, but with a session the answer lists the caller's bets on it: another
  // player asking about the match A bet on must see none of A's bets.
  '/taiqiu/match': { body: (h) => ({ id: h.matchId }), fields: { id: (h) => h.matchId } },
  '/user/recharge/details': {
    body: (h) => ({ orderNo: h.depositOrderNo }),
    fields: { orderNo: (h) => h.depositOrderNo },
  },
  '/user/withdraw/details': {
    body: (h) => ({ orderNo: h.withdrawalOrderNo }),
    fields: { orderNo: (h) => h.withdrawalOrderNo },
  },
  '/user/betRecord/details': { body: (h) => ({ betNo: h.betNo }), fields: { betNo: (h) => h.betNo } },
  '/taiqiu/cashout/quote': { body: (h) => ({ betNo: h.betNo }), fields: { betNo: (h) => h.betNo } },
  '/taiqiu/cashout/auto': { body: (h) => ({ betNo: h.betNo, at: null }), fields: { betNo: (h) => h.betNo } },
  '/taiqiu/cashout': {
    // A tenth of the stake: the bet runs on for the calls tried after.
    body: (h) => ({ betNo: h.betNo, quoteId: h.cashoutQuoteId, stakePart: 100 }),
    fields: {
      betNo: (h) => h.betNo,
      quoteId:
        "looked up with the caller's own bet only: another's quote is not found, and answered with a fresh quote of the caller's bet",
    },
  },
  '/user/balanceDetails/details': { body: (h) => ({ id: h.entryId }), fields: { id: (h) => h.entryId } },
  '/notice/userMessage': {
    body: (h) => ({ tab: 'message', id: h.messageId }),
    fields: { id: (h) => h.messageId },
  },
  '/notice/userMessageAsRead': {
    body: (h) => ({ tab: 'message', ids: [h.messageId] }),
    fields: { ids: (h) => [h.messageId] },
  },
  '/notice/userMessageAsDelete': {
    body: (h) => ({ ids: [h.messageId] }),
    fields: { ids: (h) => [h.messageId] },
    last: true,
  },
  '/user/userSuggestion': {
    body: (h) => ({ type: 'suggestion', content: 'The lobby could load faster.', images: [h.feedbackUrl] }),
    fields: { images: (h) => [h.feedbackUrl] },
  },
  '/user/kyc/submit': {
    body: (h) => ({
      realName: '张小三',
      idNumber: '11010519491231002X',
      frontImage: h.kycFrontUrl,
      backImage: h.kycBackUrl,
    }),
    fields: {
      frontImage: (h) => h.kycFrontUrl,
      // One submission waits at a time, so the matrix's second own request would be refused; the
      // back photo goes through the same check (test/kyc/kyc.test.ts tries it).
      backImage: 'checked as frontImage is (assertOwnUploads); a second own submission waits on the first',
    },
  },
  '/user/edit/changeAvatar': { body: (h) => ({ avatar: h.avatarUrl }), fields: { avatar: (h) => h.avatarUrl } },
  '/user/withdraw/addAccount': {
    body: (h) => ({
      type: 'wechat',
      wechatId: 'wx_trust01',
      realName: '张小三',
      qrImage: h.qrUrl,
      fundPassword: FUND_PASSWORD,
    }),
    fields: {
      qrImage: (h) => h.qrUrl,
      wechatId: "the player's own WeChat name, typed in: it names no stored object",
    },
  },
  '/user/withdraw/addWithdraw': {
    body: (h) => ({ accountId: h.accountId, amount: 20_000, fundPassword: FUND_PASSWORD }),
    fields: { accountId: (h) => h.accountId, requestId: REQUEST_ID },
  },
  '/user/withdraw/changeUsdt': {
    body: (h) => ({ id: h.accountId, alias: 'renamed', fundPassword: FUND_PASSWORD }),
    fields: { id: (h) => h.accountId },
  },
  '/user/withdraw/setWithdrawType': {
    body: (h) => ({ type: 'usdt', accountId: h.accountId }),
    fields: { accountId: (h) => h.accountId },
  },
  // Claiming uses the reward up: one of the caller's own for each field.
  '/user/reward/receive': {
    body: (h, field) => (field === 'id' ? { id: h.rewardIds[0] } : { ids: [h.rewardIds[1]] }),
    fields: { id: (h) => h.rewardIds[0], ids: (h) => [h.rewardIds[1]] },
    last: true,
  },
  // A credential id is the authenticator's: another player's is refused when added (unique,
  // passkeyExists) and logs in only with its private key's signature (test/passkeys).
  '/user/passkey/register': {
    fields: { 'credential.id': PASSKEY_ADDED, 'credential.rawId': PASSKEY_ADDED },
  },
  '/passkey/login': { fields: { 'credential.id': PASSKEY_SIGNED, 'credential.rawId': PASSKEY_SIGNED } },
  '/user/passkey/rename': {
    body: (h) => ({ id: h.passkeyId, name: 'renamed' }),
    fields: { id: (h) => h.passkeyId },
  },
  '/user/passkey/remove': { body: (h) => ({ id: h.passkeyId }), fields: { id: (h) => h.passkeyId }, last: true },
  '/user/withdraw/deleteAccount': {
    body: (h) => ({ id: h.accountId, fundPassword: FUND_PASSWORD }),
    fields: { id: (h) => h.accountId },
    last: true,
  },
};

/*
 * Team (agent) calls: scoped to the agent's own downline (docs/design.md §8, a closure table), not to
 * one player. Every call whose path starts with /agent/ must have a rule here, whether or not it
 * takes an id, or the matrix fails: its body (agent B's own request), and for each field how to
 * get a value of agent A's team (Holdings: a link, a direct member and the member's bet). A call
 * without fields takes no id: it acts on the caller and its own team only.
 */
const noRates = { taiqiu: 0, slots: 0, poker: 0 };

export const TEAM_RULES: Record<string, IdRule> = {
  '/agent/home': { fields: {} },
  '/agent/links': { fields: {} },
  '/agent/link/add': { fields: {} },
  '/agent/link/click': { fields: {} },
  '/agent/openAccount': { fields: {} },
  '/agent/members': { fields: {} },
  '/agent/securityPassword/set': { fields: {} },
  '/agent/rechargePassword/set': { fields: {} },
  '/agent/password/reset': { fields: {} },
  '/agent/card/get': { fields: {} },
  '/agent/card/upline': { fields: {} },
  '/agent/report': { fields: {} },
  '/agent/report/day': { fields: {} },
  '/agent/platformRates': { fields: {} },
  '/agent/dividendRatio/list': { fields: {} },
  '/agent/dividendRatio/set': {
    body: (h) => ({ memberId: h.memberId, ratioBp: 0, securityPassword: SECURITY_PASSWORD }),
    fields: { memberId: (h) => h.memberId },
  },
  '/agent/link/setStatus': { body: (h) => ({ id: h.linkId, enabled: true }), fields: { id: (h) => h.linkId } },
  '/agent/shareLink/set': { body: (h) => ({ linkId: h.linkId }), fields: { linkId: (h) => h.linkId } },
  '/agent/member/details': { body: (h) => ({ id: h.memberId }), fields: { id: (h) => h.memberId } },
  '/agent/member/setRates': {
    body: (h) => ({ id: h.memberId, rates: noRates, dividendRatioBp: 0, securityPassword: SECURITY_PASSWORD }),
    fields: { id: (h) => h.memberId },
  },
  '/agent/member/bets': { body: (h) => ({ id: h.memberId }), fields: { id: (h) => h.memberId } },
  '/agent/member/betDetails': {
    body: (h) => ({ id: h.memberId, betNo: h.memberBetNo }),
    fields: { id: (h) => h.memberId, betNo: (h) => h.memberBetNo },
  },
  '/agent/user/balanceDetails': { body: (h) => ({ id: h.memberId }), fields: { id: (h) => h.memberId } },
  '/agent/transfer': {
    body: (h) => ({ memberId: h.memberId, amount: 100, rechargePassword: RECHARGE_PASSWORD, requestId: randomUUID() }),
    fields: { memberId: (h) => h.memberId, requestId: REQUEST_ID },
  },
  '/agent/card/save': {
    body: (h) => ({
      displayName: '代理名片',
      avatar: h.avatarUrl,
      wechat: '',
      qq: '',
      telegram: '',
      phone: '',
      intro: '',
    }),
    fields: { avatar: (h) => h.avatarUrl },
  },
};

/** The request with the value at a dotted path replaced. */
export function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...body, [head]: value };
  const inner = (body[head] ?? {}) as Record<string, unknown>;
  return { ...body, [head]: withValue(inner, rest.join('.'), value) };
}
