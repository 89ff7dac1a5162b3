import { z } from 'zod';
import { betRecord, betRecordDetails, betRecordListRequest, betSummary, gameTypes } from './bets.js';
import {
  clientRequestId,
  defineCall,
  empty,
  envelope,
  isoTime,
  money,
  pageRequest,
  pageResult,
  timeRange,
} from './common.js';
import { password, rowId, str, username } from './fields.js';
import { smsCode } from './security.js';
import { uploadUrl } from './uploads.js';
import { balanceDetailsRequest, balanceEntry } from './wallet.js';

/*
 * Agent back-office I (代理, docs/screens.md Agent area; docs/design.md §8 Agents): the team (closure
 * table, fixed at registration), invite links, opening accounts, members and their records, the
 * security and recharge passwords, the agent transfer (代充) and the business card. Every call
 * acts on the caller's own team: a member id outside it is 404 whatever the client sends.
 *
 * Rates are basis points of valid bet (1 bp = 0.01 %: 120 = 1.20 %), one per game type; the
 * dividend ratio is basis points of the team's net loss (3000 = 30 %). A rate or ratio given to a
 * member or a link is never above the giver's own (422 'agentRateAboveOwn').
 */

/** Highest commission rate anyone may hold: 3 % of valid bet. */
export const MAX_COMMISSION_RATE_BP = 300;
/** Highest dividend ratio: 100 % (an operator's top-level agent; everyone else ≤ their upline). */
export const MAX_DIVIDEND_RATIO_BP = 10_000;
/** Turnover multiple an agent may attach to a transfer. */
export const MAX_TRANSFER_TURNOVER_MULTIPLE = 20;
/** One transfer's ceiling: ¥1,000,000. */
export const MAX_AGENT_TRANSFER = 100_000_000;
/** Length of an invite link's code (a player's own invite code has 6). */
export const LINK_CODE_LENGTH = 8;

/** 会员 (member: may invite members) or 代理 (agent: may also open agents and hold a dividend ratio). */
export const memberKinds = ['member', 'agent'] as const;
export const memberKind = z.enum(memberKinds, { error: 'invalid' });
export type MemberKind = z.infer<typeof memberKind>;

export const commissionRateBp = z
  .number({ error: 'invalid_type' })
  .int('invalid')
  .min(0, 'too_small')
  .max(MAX_COMMISSION_RATE_BP, 'too_big');
export const dividendRatioBp = z
  .number({ error: 'invalid_type' })
  .int('invalid')
  .min(0, 'too_small')
  .max(MAX_DIVIDEND_RATIO_BP, 'too_big');

/** A rate for every game type (all keys required: a form always shows every game type). */
export const commissionRates = z.strictObject(
  Object.fromEntries(gameTypes.map((g) => [g, commissionRateBp])) as Record<
    (typeof gameTypes)[number],
    typeof commissionRateBp
  >,
);
export type CommissionRates = z.infer<typeof commissionRates>;

/** The security and recharge passwords: 6 digits, like the fund password. */
export const agentPassword = str().regex(/^\d{6}$/, 'fundPassword.format');
export const agentPasswordKinds = ['security', 'recharge'] as const;
export const agentPasswordKind = z.enum(agentPasswordKinds, { error: 'invalid' });
export type AgentPasswordKind = z.infer<typeof agentPasswordKind>;

const remark = str().trim().max(100, 'too_long');
const memberId = rowId;

/* ---------- home (/user/daili/shouye) ---------- */

export const agentProfile = z.object({
  kind: memberKind,
  inviteCode: z.string(),
  rates: commissionRates,
  dividendRatioBp: z.number().int(),
  /** Direct members, and the whole team below me (not counting me). */
  directCount: z.number().int(),
  teamCount: z.number().int(),
  /** Team members who registered today (site time zone). */
  newToday: z.number().int(),
  hasSecurityPassword: z.boolean(),
  hasRechargePassword: z.boolean(),
  /** Whether a mobile is bound (the passwords' SMS reset needs one). */
  mobileBound: z.boolean(),
  /** Today's (site time) headline figures of my team and my earnings (shouye, baobiao). */
  figures: z.object({
    commissionToday: money,
    commissionMonth: money,
    /** This week's dividend as it stands (settled after the week ends). */
    dividendWeek: money,
    dividendMonth: money,
    depositsToday: money,
    withdrawalsToday: money,
    validBetToday: money,
    winLossToday: money,
    rebatesToday: money,
    bonusesToday: money,
    feesToday: money,
    insuranceNetToday: money,
    registrationsToday: z.number().int(),
    firstDepositorsToday: z.number().int(),
  }),
});
export type AgentProfile = z.infer<typeof agentProfile>;

export const agentHome = defineCall({
  method: 'POST',
  path: '/agent/home',
  auth: true,
  request: empty,
  response: envelope(agentProfile),
});

/* ---------- invite links (addlianjie, lianjieDetails, share, shareSetting) ---------- */

export const inviteLink = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: memberKind,
  rates: commissionRates,
  /** Given to agents who register through it (0 for member links). */
  dividendRatioBp: z.number().int(),
  remark: z.string(),
  enabled: z.boolean(),
  /** null: never expires. */
  expiresAt: isoTime.nullable(),
  clicks: z.number().int(),
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  createdAt: isoTime,
});
export type InviteLink = z.infer<typeof inviteLink>;

export const agentLinks = defineCall({
  method: 'POST',
  path: '/agent/links',
  auth: true,
  request: empty,
  response: envelope(
    z.object({
      list: z.array(inviteLink),
      /** My own invite code (the default link: registers plain members with no rates). */
      inviteCode: z.string(),
      /** The link /user/share shows; null: the default link. */
      shareLinkId: z.number().int().nullable(),
    }),
  ),
});

/** A member link of a plain member is allowed; an agent link needs me to be an agent (422). */
export const agentLinkAdd = defineCall({
  method: 'POST',
  path: '/agent/link/add',
  auth: true,
  request: z.strictObject({
    kind: memberKind,
    rates: commissionRates,
    dividendRatioBp: dividendRatioBp.default(0),
    remark: remark.default(''),
    /** Days it works; null: never expires. */
    // The apps drop null fields before sending (docs/design.md §4): absent reads as null.
    validDays: z
      .number({ error: 'invalid_type' })
      .int('invalid')
      .min(1, 'too_small')
      .max(3650, 'too_big')
      .nullable()
      .default(null),
  }),
  response: envelope(inviteLink),
});

export const agentLinkSetStatus = defineCall({
  method: 'POST',
  path: '/agent/link/setStatus',
  auth: true,
  request: z.strictObject({ id: rowId, enabled: z.boolean({ error: 'invalid_type' }) }),
  response: envelope(inviteLink),
});

/** Which link /user/share shows (null: my default code). Another player's link: 404. */
export const agentShareLinkSet = defineCall({
  method: 'POST',
  path: '/agent/shareLink/set',
  auth: true,
  // Absent (the apps drop null fields) reads as null.
  request: z.strictObject({ linkId: rowId.nullable().default(null) }),
  response: envelope(z.object({ shareLinkId: z.number().int().nullable() })),
});

/**
 * A visit of /:inviteCode, counted once per visitor and code per day (site time zone), and for at
 * most a few visitors per client address. The visitor is the one of an HttpOnly cookie the server
 * sets on this call's answer; `visitor`, which pages sent before, is ignored. An unknown or
 * disabled code answers counted: false.
 */
export const inviteClick = defineCall({
  method: 'POST',
  path: '/agent/link/click',
  auth: false,
  request: z.strictObject({
    code: str()
      .min(1, 'required')
      .max(16, 'inviteCode.format')
      .regex(/^[A-Za-z0-9]+$/, 'inviteCode.format'),
    visitor: clientRequestId.optional(),
  }),
  response: envelope(z.object({ counted: z.boolean() })),
});

/** /user/share: this month (site time zone) among my direct members. */
export const inviteThisMonth = defineCall({
  method: 'POST',
  path: '/user/inviteUser/thisMonthData',
  auth: true,
  request: empty,
  response: envelope(
    z.object({
      invited: z.number().int(),
      firstDeposits: z.number().int(),
      /** Their valid bet this month. */
      validBet: money,
      /** My commission this month: agent/home's commissionMonth (settled days and today's estimate). */
      commission: money,
    }),
  ),
});

/* ---------- opening accounts (kaihu) ---------- */

/**
 * Opens an account under me. Needs my security password (422 'agentPasswordNotSet' when none,
 * 400 wrong, 429 after five wrong in 15 minutes). kind agent needs me to be an agent (422).
 */
export const agentOpenAccount = defineCall({
  method: 'POST',
  path: '/agent/openAccount',
  auth: true,
  request: z.strictObject({
    username,
    password,
    kind: memberKind,
    rates: commissionRates,
    dividendRatioBp: dividendRatioBp.default(0),
    securityPassword: agentPassword,
  }),
  response: envelope(z.object({ id: z.number().int(), username: z.string() })),
});

/* ---------- members (user, ssuser, dailiDetails) ---------- */

export const memberSorts = ['registered', 'deposits', 'validBet', 'lastLogin'] as const;

export const agentMembersRequest = pageRequest
  .extend({
    /** direct: my direct members (default); team: everyone below me. */
    scope: z.enum(['direct', 'team'], { error: 'invalid' }).default('direct'),
    /** Username part (case-insensitive) or an exact member id. */
    keyword: str().trim().max(32, 'too_long').optional(),
    /** Registration time. */
    ...timeRange.shape,
    /** Seen in the last 15 minutes (a live connection or a call). */
    online: z.boolean({ error: 'invalid_type' }).optional(),
    deposited: z.boolean({ error: 'invalid_type' }).optional(),
    sort: z.enum(memberSorts, { error: 'invalid' }).default('registered'),
    order: z.enum(['asc', 'desc'], { error: 'invalid' }).default('desc'),
  })
  .strict();

export const teamMember = z.object({
  id: z.number().int(),
  username: z.string(),
  kind: memberKind,
  vipLevel: z.number().int(),
  /** 1: my direct member; more: deeper in my team. */
  depth: z.number().int(),
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
  online: z.boolean(),
  balance: money,
  /** Everyone below this member. */
  teamSize: z.number().int(),
  /** Lifetime credited deposits and settled valid bet. */
  deposits: money,
  validBet: money,
});
export type TeamMember = z.infer<typeof teamMember>;

export const agentMembers = defineCall({
  method: 'POST',
  path: '/agent/members',
  auth: true,
  request: agentMembersRequest,
  response: envelope(pageResult(teamMember)),
});

const memberRequest = z.strictObject({ id: memberId });

export const memberDetails = teamMember.extend({
  nickname: z.string(),
  /** Masked like the player's own (138****8000); null when none is bound. */
  mobile: z.string().nullable(),
  /** The member's direct upline (me for a direct member). */
  upline: z.object({ id: z.number().int(), username: z.string() }),
  directCount: z.number().int(),
  rates: commissionRates,
  dividendRatioBp: z.number().int(),
  /** This month (site time zone). */
  month: z.object({ deposits: money, withdrawals: money, validBet: money, winLoss: money }),
  /** Whether I may edit its rates (my direct member only). */
  editable: z.boolean(),
});
export type MemberDetails = z.infer<typeof memberDetails>;

export const agentMemberDetails = defineCall({
  method: 'POST',
  path: '/agent/member/details',
  auth: true,
  request: memberRequest,
  response: envelope(memberDetails),
});

/**
 * Sets a direct member's rates (and an agent's dividend ratio), each ≤ mine; security password as
 * for opening accounts. A team member who is not direct: 422 'agentNotDirect'.
 */
export const agentMemberSetRates = defineCall({
  method: 'POST',
  path: '/agent/member/setRates',
  auth: true,
  request: z.strictObject({
    id: memberId,
    rates: commissionRates,
    dividendRatioBp: dividendRatioBp.default(0),
    securityPassword: agentPassword,
  }),
  response: envelope(memberDetails),
});

export const agentMemberBets = defineCall({
  method: 'POST',
  path: '/agent/member/bets',
  auth: true,
  request: betRecordListRequest.extend({ id: memberId }).strict(),
  response: envelope(pageResult(betRecord).extend({ summary: betSummary })),
});

export const agentMemberBetDetails = defineCall({
  method: 'POST',
  path: '/agent/member/betDetails',
  auth: true,
  request: z.strictObject({ id: memberId, betNo: str().min(1, 'required').max(32, 'too_long') }),
  response: betRecordDetails.response,
});

export const agentMemberBalanceDetails = defineCall({
  method: 'POST',
  path: '/agent/user/balanceDetails',
  auth: true,
  request: balanceDetailsRequest.extend({ id: memberId }).strict(),
  response: envelope(pageResult(balanceEntry)),
});

/* ---------- passwords (anquanpass, chongzhipass, wangjipass, newpass) ---------- */

/**
 * Sets or changes the security (安全) or recharge (充值) password: the login password always, the
 * current one of that kind for a change. Wrong ones count towards that kind's lock.
 */
export const agentPasswordSetRequest = z.strictObject({
  loginPassword: str().min(1, 'required').max(64, 'too_long'),
  oldPassword: agentPassword.optional(),
  newPassword: agentPassword,
});

export const agentSecurityPasswordSet = defineCall({
  method: 'POST',
  path: '/agent/securityPassword/set',
  auth: true,
  request: agentPasswordSetRequest,
  response: envelope(z.object({ set: z.literal(true) })),
});

export const agentRechargePasswordSet = defineCall({
  method: 'POST',
  path: '/agent/rechargePassword/set',
  auth: true,
  request: agentPasswordSetRequest,
  response: envelope(z.object({ set: z.literal(true) })),
});

/**
 * Resets one of the two with a code sent by user/edit/sendSmsCode {purpose:'agent'} to the bound
 * mobile; lifts that kind's lock.
 */
export const agentPasswordReset = defineCall({
  method: 'POST',
  path: '/agent/password/reset',
  auth: true,
  request: z.strictObject({ kind: agentPasswordKind, code: smsCode, newPassword: agentPassword }),
  response: envelope(z.object({ set: z.literal(true) })),
});

/* ---------- transfer (chongzhi) ---------- */

/**
 * 代充: my balance → a team member's, one ledger transfer; adds amount × turnoverMultiple to the
 * member's turnover requirement. `requestId` makes a retry harmless. Recharge password as the
 * security password above (its own lock). Not enough balance: 422 'insufficientBalance'.
 */
export const agentTransfer = defineCall({
  method: 'POST',
  path: '/agent/transfer',
  auth: true,
  request: z.strictObject({
    memberId,
    amount: z
      .number({ error: 'invalid_type' })
      .int('amount.integer')
      .positive('amount.positive')
      .max(MAX_AGENT_TRANSFER, 'too_big'),
    turnoverMultiple: z
      .number({ error: 'invalid_type' })
      .int('invalid')
      .min(0, 'too_small')
      .max(MAX_TRANSFER_TURNOVER_MULTIPLE, 'too_big')
      .default(1),
    remark: remark.default(''),
    rechargePassword: agentPassword,
    requestId: clientRequestId,
  }),
  response: envelope(
    z.object({
      id: z.number().int(),
      memberId: z.number().int(),
      memberUsername: z.string(),
      amount: money,
      /** My balance after the transfer. */
      balance: money,
      createdAt: isoTime,
    }),
  ),
});

/* ---------- business card (mingpianguanli, /user/shangwu) ---------- */

const cardText = (max: number) => str().trim().max(max, 'too_long');

export const businessCard = z.object({
  displayName: cardText(20).min(1, 'required'),
  /** The URL of the caller's own upload of purpose avatar (checked on the server), or null (also when absent). */
  avatar: uploadUrl.nullable().default(null),
  wechat: cardText(40),
  qq: cardText(20),
  telegram: cardText(40),
  phone: cardText(20),
  intro: cardText(300),
});
export type BusinessCard = z.infer<typeof businessCard>;

export const agentCardGet = defineCall({
  method: 'POST',
  path: '/agent/card/get',
  auth: true,
  request: empty,
  response: envelope(businessCard.nullable()),
});

export const agentCardSave = defineCall({
  method: 'POST',
  path: '/agent/card/save',
  auth: true,
  request: businessCard.strict(),
  response: envelope(businessCard),
});

/** My direct upline's card, when I have an upline and it saved one; else null. */
export const agentCardUpline = defineCall({
  method: 'POST',
  path: '/agent/card/upline',
  auth: true,
  request: empty,
  response: envelope(businessCard.extend({ username: z.string() }).nullable()),
});
