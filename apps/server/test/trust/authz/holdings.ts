import { randomUUID } from 'node:crypto';
import {
  cashout,
  playersAdmin,
  agent,
  auth,
  bets,
  feedback,
  inbox,
  messagesAdmin,
  limits,
  passkeys,
  rewardsAdmin,
  payments,
  rebates,
  rewards,
  taiqiu,
  wallet,
  withdrawals,
} from '@breakshot/contracts';
import { newPlayerUnder, RECHARGE_PASSWORD, SECURITY_PASSWORD, setAgentPassword } from '../../helpers/agent-money.js';
import { channelOf, startPay } from '../../helpers/payments.js';
import { placeBet } from '../../helpers/taiqiu.js';
import { call, type TestApp } from '../../helpers/test-app.js';
import { addPasskey, SoftAuthenticator } from '../../helpers/passkey-authenticator.js';
import { uploadPng } from '../../helpers/uploads.js';
import {
  adminCall,
  bindUsdt,
  fund,
  FUND_PASSWORD,
  newTestPlayer,
  trc20Address,
  type TestPlayer,
} from '../../helpers/withdrawals.js';

/** What a player owns after using the app a little: one of each object a request can name. */
export interface Holdings extends TestPlayer {
  depositOrderNo: string;
  withdrawalOrderNo: string;
  /** A USDT withdrawal account, and its address. */
  accountId: number;
  address: string;
  betNo: string;
  /** A cash-out quote of the bet, not taken. */
  cashoutQuoteId: string;
  /** The billiards match the bet is on (a public object: everyone bets on the same match). */
  matchId: number;
  /** The fund-details entry of the operator's credit. */
  entryId: number;
  /** A personal message from the operator. */
  messageId: number;
  /** Two rewards the operator granted, waiting to be claimed. */
  rewardIds: [number, number];
  /** URLs of the player's uploads, by purpose. */
  avatarUrl: string;
  feedbackUrl: string;
  qrUrl: string;
  /** Photos of both sides of an ID card, not yet sent for verification. */
  kycFrontUrl: string;
  kycBackUrl: string;
  /** The agent side: the security and recharge passwords set, an invite link, a direct member who bet. */
  linkId: number;
  memberId: number;
  memberBetNo: string;
  /** A passkey added in the settings. */
  passkeyId: number;
  /** Strings only this player's data contains: finding one in another player's answer is a leak. */
  markers: string[];
}

const STAKE = 1_000;

/**
 * A player with a fund password who has made a deposit order, bound a USDT account, been credited
 * by an operator, asked for a withdrawal, bet on the match, sent feedback with a screenshot,
 * received a message and uploaded an avatar and a WeChat payment code.
 */
export async function newHoldings(t: TestApp, match: taiqiu.MatchDetails): Promise<Holdings> {
  const player = await newTestPlayer(t);
  const { token, username } = player;
  const secret = randomUUID();

  const credit = await adminCall(t.app, playersAdmin.balanceAdjust, {
    username,
    amount: 200_000,
    reason: `credit ${secret}`,
    requestId: randomUUID(),
  });
  if (credit.code !== 200) throw new Error(`adjust failed: ${credit.msg}`);
  const entries = await call(t.app, wallet.balanceDetails, {}, { token });
  const entryId = entries.data.list[0]?.id;
  if (entryId === undefined) throw new Error('no fund-details entry');

  const sandbox = await channelOf(t.app, token, 'sandbox');
  const deposit = await startPay(t.app, token, sandbox.id, sandbox.minAmount);

  const address = trc20Address();
  const accountId = await bindUsdt(t, player, address);
  const account = (await call(t.app, withdrawals.accounts, {}, { token })).data.list[0];
  if (!account) throw new Error('no account');
  const withdrawal = await call(
    t.app,
    withdrawals.addWithdraw,
    { accountId, amount: 20_000, fundPassword: FUND_PASSWORD },
    { token },
  );
  if (withdrawal.code !== 200) throw new Error(`addWithdraw failed: ${withdrawal.msg}`);

  const bet = await placeBet(t, player, match, 'winner', 'a', STAKE);
  if (bet.code !== 200) throw new Error(`bet failed: ${bet.msg}`);
  const quote = await call(t.app, cashout.quote, { betNo: bet.data.betNo }, { token });
  if (quote.code !== 200) throw new Error(`cash-out quote failed: ${quote.msg}`);

  const avatar = await uploadPng(t.app, token, 'avatar');
  const shot = await uploadPng(t.app, token, 'feedback');
  const qr = await uploadPng(t.app, token, 'wechat_qr');
  const kycFront = await uploadPng(t.app, token, 'kyc_front');
  const kycBack = await uploadPng(t.app, token, 'kyc_back');
  const content = `problem ${secret}`;
  const sent = await call(t.app, feedback.userSuggestion, { type: 'problem', content, images: [shot.url] }, { token });
  if (sent.code !== 200) throw new Error(`feedback failed: ${sent.msg}`);

  const title = `for ${username} ${secret.slice(0, 8)}`;
  const message = await adminCall(t.app, messagesAdmin.messageSend, {
    audience: 'player',
    username,
    title,
    body: secret,
  });
  if (message.code !== 200) throw new Error(`message failed: ${message.msg}`);

  const grant = async () => {
    const reward = await adminCall(t.app, rewardsAdmin.rewardGrant, {
      username,
      amount: 888,
      turnoverMultiple: 1,
      validDays: 7,
      reason: `reward ${secret}`,
      requestId: randomUUID(),
    });
    if (reward.code !== 200) throw new Error(`reward failed: ${reward.msg}`);
    return reward.data.id;
  };
  const rewardIds: [number, number] = [await grant(), await grant()];

  await setAgentPassword(t, player, 'security', SECURITY_PASSWORD);
  await setAgentPassword(t, player, 'recharge', RECHARGE_PASSWORD);
  const remark = `link ${secret.slice(0, 8)}`;
  const noRates = { taiqiu: 0, slots: 0, poker: 0 };
  const link = await call(
    t.app,
    agent.agentLinkAdd,
    { kind: 'member', rates: noRates, remark, validDays: null },
    { token },
  );
  if (link.code !== 200) throw new Error(`link failed: ${link.msg}`);
  const passkeyName = `key ${secret.slice(0, 8)}`;
  const passkey = await addPasskey(t.app, token, new SoftAuthenticator(), passkeyName);
  if (passkey.code !== 200) throw new Error(`passkey failed: ${passkey.msg}`);
  const { inviteCode } = (await call(t.app, auth.userInfo, {}, { token })).data;
  const member = await newPlayerUnder(t, inviteCode);
  await fund(t, member.username, 10_000);
  const memberBet = await placeBet(t, member, match, 'winner', 'b', STAKE);
  if (memberBet.code !== 200) throw new Error(`member bet failed: ${memberBet.msg}`);

  return {
    ...player,
    rewardIds,
    depositOrderNo: deposit.orderNo,
    withdrawalOrderNo: withdrawal.data.orderNo,
    accountId,
    address,
    betNo: bet.data.betNo,
    cashoutQuoteId: quote.data.quoteId,
    matchId: match.id,
    entryId,
    messageId: message.data.id,
    avatarUrl: avatar.url,
    feedbackUrl: shot.url,
    qrUrl: qr.url,
    kycFrontUrl: kycFront.url,
    kycBackUrl: kycBack.url,
    linkId: link.data.id,
    memberId: member.userId,
    memberBetNo: memberBet.data.betNo,
    passkeyId: passkey.data.id,
    markers: [
      passkeyName,
      member.username,
      link.data.code,
      remark,
      memberBet.data.betNo,
      username,
      secret,
      deposit.orderNo,
      withdrawal.data.orderNo,
      bet.data.betNo,
      address,
      account.masked,
      avatar.id,
      shot.id,
      qr.id,
    ],
  };
}

/**
 * Everything the player sees of their own objects, through their own calls: any change made by
 * another player's request shows here.
 */
export async function viewOf(t: TestApp, h: Holdings): Promise<Record<string, unknown>> {
  const reads = {
    userInfo: [auth.userInfo, {}],
    accounts: [withdrawals.accounts, {}],
    withdrawConfig: [withdrawals.withdrawConfig, {}],
    withdrawRecords: [withdrawals.withdrawRecords, {}],
    withdrawDetails: [withdrawals.withdrawDetails, { orderNo: h.withdrawalOrderNo }],
    deposits: [payments.records, {}],
    deposit: [payments.details, { orderNo: h.depositOrderNo }],
    bets: [bets.betRecordList, {}],
    bet: [bets.betRecordDetails, { betNo: h.betNo }],
    fundDetails: [wallet.balanceDetails, {}],
    entry: [wallet.balanceDetailsItem, { id: h.entryId }],
    feedback: [feedback.suggestionList, {}],
    messages: [inbox.userMessage, { tab: 'message' }],
    message: [inbox.userMessage, { tab: 'message', id: h.messageId }],
    unread: [inbox.userMessageUnreadCount, {}],
    limits: [limits.get, {}],
    passkeys: [passkeys.list, {}],
    match: [taiqiu.match, { id: h.matchId }],
    rewards: [rewards.rewardList, {}],
    rebate: [rebates.rebateSummary, {}],
    agentHome: [agent.agentHome, {}],
    links: [agent.agentLinks, {}],
    members: [agent.agentMembers, {}],
    member: [agent.agentMemberDetails, { id: h.memberId }],
    card: [agent.agentCardGet, {}],
  } as const;
  const view: Record<string, unknown> = {};
  for (const [key, [contract, body]] of Object.entries(reads)) {
    view[key] = await call(t.app, contract, body, { token: h.token });
  }
  return view;
}
