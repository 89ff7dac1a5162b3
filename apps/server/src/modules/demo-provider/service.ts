import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { hub88 } from '@breakshot/contracts';
import { inTransaction, type Db } from '../../platform/db.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { DemoError, type dealRequest, type insureRequest, type sessionRequest, type spinRequest } from './api.js';
import { INSURANCE_GAME, SLOT_GAME, type DemoGame } from './catalogue.js';
import { drawDeal, insurancePayout, oddsTenths, villainHits, type InsuranceDeal } from './insurance.js';
import { cardText, categoryOf, handValue } from './poker-hand.js';
import { handInPlay, insertRound, moveRound, roundById } from './round-store.js';
import { claimSeed, openSession, sessionOf, type ClaimedSeed } from './sessions.js';
import type { Settler } from './settler.js';
import { drawSpin, slotPayout, type SpinResult } from './slot.js';
import type { DemoRound, DemoSession } from './tables.js';
import { isFinal, isOk, sendCall, type Delivery, type WalletLink } from './wallet-client.js';

/** The demo games' codes in the catalogue (the demo agent team's bets are placed in them). */
export { INSURANCE_GAME, SLOT_GAME };

/*
 * The demo provider's games, played against the seamless wallet as an outside provider plays:
 * the round is drawn from the committed seed and recorded, then its bet sent once. Accepted: the
 * win follows (0 on a loss), resent until final. Timed out, lost or RS_ERROR_UNKNOWN: the bet is
 * rolled back the same way and the round did not happen. Refused: the player is told why.
 */

export interface DemoProvider {
  db: Db;
  /** Seals the sessions' seeds (sessions.ts). */
  secrets: SecretBox;
  now: () => Date;
  link: WalletLink;
  settler: Settler;
}

/** A round's seed, shown once the round is over. */
export interface Reveal {
  roundId: string;
  serverSeed: string;
  seedHash: string;
  clientSeed: string;
  nonce: number;
}

/** The commitment of the session's next round. */
export interface Next {
  seedHash: string;
  nonce: number;
}

/** What came of a bet: the round as it stands and the balance (cents) the wallet last answered. */
interface Played {
  round: DemoRound;
  balance: number | null;
}

/** Opens the game page's session: the launch token checked by the wallet (user/balance), the balance and the commitment. */
export async function openPlay(p: DemoProvider, input: z.output<typeof sessionRequest>) {
  reachable(p);
  const answer = await sendCall(p.link, 'user/balance', {
    user: input.user,
    token: input.token,
    game_code: input.game,
  });
  if (!isOk(answer)) throw refusal(answer);
  const session = await openSession(
    p.db,
    p.secrets,
    { token: input.token, user: input.user, gameCode: input.game, currency: input.currency },
    p.now(),
  );
  if (session.userName !== input.user || session.gameCode !== input.game) {
    throw new DemoError('RS_ERROR_INVALID_TOKEN', 403);
  }
  const hand = session.gameCode === INSURANCE_GAME ? await handInPlay(p.db, session.tokenHash) : undefined;
  return {
    balance: balanceOf(answer),
    currency: session.currency,
    next: nextOf(session),
    hand: hand?.state === 'dealt' ? handView(hand) : null,
  };
}

/** One spin of the slot at the stake, from the seed whose hash the player was shown. */
export async function spinSlot(p: DemoProvider, input: z.output<typeof spinRequest>) {
  const session = await playSession(p, input.token, SLOT_GAME);
  const id = randomUUID();
  const round = await inTransaction(p.db, async (tx) => {
    const seed = claim(await claimSeed(tx, p.secrets, session.tokenHash, input.seedHash));
    const spin = drawSpin(seed.serverSeed, input.clientSeed, seed.nonce);
    const money = { stake: input.stake, payout: slotPayout(input.stake, spin) };
    const calls = transactionRequests(session, input.token, id, money, null);
    const row = { ...roundOf(session, id, seed, input.clientSeed), outcome: { ...spin }, ...money };
    return { row: await insertRound(tx, { ...row, ...calls.betting }, p.now()), calls };
  });
  const played = await playBet(p, round.row, round.calls);
  const spin = played.round.outcome as unknown as SpinResult;
  const outcome = outcomeOf(played);
  const happened = outcome.state === 'settled' || outcome.state === 'settling';
  return {
    ...outcome,
    stake: played.round.stake,
    payout: happened ? played.round.payout : 0,
    grid: happened ? spin.grid : null,
    wins: happened ? spin.wins : [],
    round: reveal(played.round),
    next: nextOf((await sessionOf(p.db, input.token))!),
  };
}

/**
 * Deals a hand to insure (or the one still waiting for the player's choice). Not while a premium
 * is out for the session's hand (another tab): if refused, that hand is dealt back to the player.
 */
export async function dealHand(p: DemoProvider, input: z.output<typeof dealRequest>) {
  const session = await playSession(p, input.token, INSURANCE_GAME);
  const hand = await handInPlay(p.db, session.tokenHash);
  if (hand?.state === 'betting') throw new DemoError('hand_in_play', 409);
  if (hand) return { hand: handView(hand), next: nextOf(session) };
  const round = await inTransaction(p.db, async (tx) => {
    const seed = claim(await claimSeed(tx, p.secrets, session.tokenHash, input.seedHash));
    const deal = drawDeal(seed.serverSeed, input.clientSeed, seed.nonce);
    const row = { ...roundOf(session, randomUUID(), seed, input.clientSeed), outcome: { ...deal } };
    return insertRound(tx, { ...row, state: 'dealt', pending: null }, p.now());
  });
  return { hand: handView(round), next: nextOf((await sessionOf(p.db, input.token))!) };
}

/**
 * The player's choice on the dealt hand: no insurance (premium 0), or insurance bought with the
 * premium (a bet marked "insurance"); then the river. A refused premium leaves the hand waiting.
 */
export async function insureHand(p: DemoProvider, input: z.output<typeof insureRequest>) {
  const session = await playSession(p, input.token, INSURANCE_GAME);
  const dealt = await roundById(p.db, input.roundId);
  if (dealt?.tokenHash !== session.tokenHash || dealt.state !== 'dealt') throw new DemoError('no_hand', 409);
  const deal = dealt.outcome as unknown as InsuranceDeal;
  let played: Played;
  if (input.premium === 0) {
    played = { round: await moved(moveRound(p.db, dealt.id, 'dealt', { state: 'skipped' }, p.now())), balance: null };
  } else {
    const money = {
      stake: input.premium,
      payout: villainHits(deal) ? insurancePayout(input.premium, deal.outs.length) : 0,
    };
    const calls = transactionRequests(session, input.token, dealt.id, money, 'insurance');
    const betting = await moved(moveRound(p.db, dealt.id, 'dealt', { ...money, ...calls.betting }, p.now()));
    played = await playBet(p, betting, calls, { state: 'dealt', stake: 0, payout: 0, betUuid: null });
    if (played.round.state === 'dealt') {
      return { ...outcomeOf(played), hand: handView(played.round), river: null };
    }
  }
  const outcome = outcomeOf(played);
  return {
    ...outcome,
    hand: handView(played.round),
    river: riverOf(played.round, deal, outcome.state === 'settled' || outcome.state === 'settling'),
    next: nextOf(session),
  };
}

/** The session of the token for this game, with a wallet to call. */
async function playSession(p: DemoProvider, token: string, game: DemoGame): Promise<DemoSession> {
  const session = await sessionOf(p.db, token);
  if (!session) throw new DemoError('no_session', 401);
  if (session.gameCode !== game) throw new DemoError('wrong_game', 400);
  reachable(p);
  return session;
}

/** Refuses before anything is drawn when the wallet has no address (an app that does not listen). */
function reachable(p: DemoProvider): void {
  try {
    p.link.base();
  } catch {
    throw new DemoError('wallet_unavailable', 503);
  }
}

function claim(seed: ClaimedSeed | null): ClaimedSeed {
  if (!seed) throw new DemoError('seed_changed', 409);
  return seed;
}

/** The round a compare-and-set moved; its absence means another request moved it first. */
async function moved(
  row: Promise<DemoRound | undefined>,
  lost: Error = new DemoError('no_hand', 409),
): Promise<DemoRound> {
  const round = await row;
  if (!round) throw lost;
  return round;
}

function roundOf(session: DemoSession, id: string, seed: ClaimedSeed, clientSeed: string) {
  return {
    id,
    tokenHash: session.tokenHash,
    userName: session.userName,
    gameCode: session.gameCode,
    serverSeed: seed.serverSeed,
    seedHash: seed.seedHash,
    clientSeed,
    nonce: seed.nonce,
  };
}

interface RoundCalls {
  bet: Record<string, unknown>;
  win: Record<string, unknown>;
  /** The round's fields while its bet is out: the rollback waits, sent if no answer comes. */
  betting: Pick<DemoRound, 'state' | 'betUuid' | 'pending'>;
}

/** The Hub88 bet of a round and the win and rollback that may follow it (request_uuid added when sent). */
function transactionRequests(
  session: DemoSession,
  token: string,
  round: string,
  money: { stake: number; payout: number },
  label: string | null,
): RoundCalls {
  const common = { user: session.userName, token, round, game_code: session.gameCode };
  const betUuid = randomUUID();
  const bet = {
    ...common,
    transaction_uuid: betUuid,
    supplier_transaction_id: `${round}:bet`,
    round_closed: false,
    currency: session.currency,
    amount: money.stake * hub88.HUB88_PER_CENT,
    is_free: false,
    bet: label,
    meta: null,
  };
  const win = {
    ...bet,
    transaction_uuid: randomUUID(),
    supplier_transaction_id: `${round}:win`,
    reference_transaction_uuid: betUuid,
    round_closed: true,
    amount: money.payout * hub88.HUB88_PER_CENT,
    is_supplier_promo: false,
  };
  const rollback = {
    ...common,
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: betUuid,
    round_closed: true,
    meta: null,
  };
  return {
    bet,
    win,
    betting: { state: 'betting', betUuid, pending: { call: 'transaction/rollback', request: rollback } },
  };
}

/** What a refused bet leaves: the round refused, or (an insurance premium) the hand dealt back, in one step. */
type RefusedChanges = Partial<Pick<DemoRound, 'state' | 'stake' | 'payout' | 'betUuid'>>;

/** Sends the recorded round's bet once, then delivers its win, or its rollback when the bet's fate is unknown. */
async function playBet(
  p: DemoProvider,
  round: DemoRound,
  calls: RoundCalls,
  refused: RefusedChanges = { state: 'refused' },
): Promise<Played> {
  // Only a restart's clean-up moves a betting round, after a minute without an answer.
  const raced = new Error(`demo provider: round ${round.id} was moved while its bet was out`);
  const answer = await sendCall(p.link, 'transaction/bet', calls.bet);
  if (isOk(answer)) {
    const pending = { call: 'transaction/win', request: calls.win } as const;
    const settling = await moved(moveRound(p.db, round.id, 'betting', { state: 'settling', pending }, p.now()), raced);
    const settled = await p.settler.settle(settling);
    return { round: settled.round, balance: balanceOf(settled.delivery) ?? balanceOf(answer) };
  }
  if (isFinal(answer)) {
    const changes = { ...refused, walletStatus: statusOf(answer), pending: null };
    return {
      round: await moved(moveRound(p.db, round.id, 'betting', changes, p.now()), raced),
      balance: balanceOf(answer),
    };
  }
  const rolling = await moved(moveRound(p.db, round.id, 'betting', { state: 'rolling_back' }, p.now()), raced);
  const rolled = await p.settler.settle(rolling);
  return { round: rolled.round, balance: balanceOf(rolled.delivery) };
}

const statusOf = (d: Delivery): hub88.Hub88Status | null => (d.kind === 'answer' ? d.status : null);
const balanceOf = (d: Delivery): number | null => (d.kind === 'answer' && d.status === 'RS_OK' ? d.balance : null);

function refusal(d: Delivery): DemoError {
  return d.kind === 'answer' && d.status !== 'RS_ERROR_UNKNOWN'
    ? new DemoError(d.status, 422)
    : new DemoError('wallet_unavailable', 503);
}

/**
 * The round's state for the page: settled, settling (the win on its way), refused (why),
 * rolled_back / rolling_back (it did not happen), skipped, dealt. A win the wallet refused for
 * good (its bet rolled back meanwhile) shows as refused: the player got nothing.
 */
function outcomeOf({ round, balance }: Played) {
  const winRefused = round.state === 'settled' && round.walletStatus !== 'RS_OK';
  return { state: winRefused ? 'refused' : round.state, walletStatus: round.walletStatus, balance };
}

const reveal = (round: DemoRound): Reveal => ({
  roundId: round.id,
  serverSeed: round.serverSeed,
  seedHash: round.seedHash,
  clientSeed: round.clientSeed,
  nonce: round.nonce,
});

const nextOf = (session: DemoSession): Next => ({ seedHash: session.seedHash, nonce: session.nonce });

/** A dealt hand as the player sees it before the river: never the river or the seed. */
function handView(round: DemoRound) {
  const deal = round.outcome as unknown as InsuranceDeal;
  return {
    roundId: round.id,
    hero: deal.hero.map(cardText),
    villain: deal.villain.map(cardText),
    board: deal.board.map(cardText),
    outs: deal.outs.map(cardText),
    oddsTenths: oddsTenths(deal.outs.length),
    seedHash: round.seedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
  };
}

/** The river and the showdown, with the round's seed; premium and payout when the insurance was bought. */
function riverOf(round: DemoRound, deal: InsuranceDeal, insured: boolean) {
  const seven = (hole: number[]) => handValue([...hole, ...deal.board, deal.river]);
  const [hero, villain] = [seven(deal.hero), seven(deal.villain)];
  return {
    card: cardText(deal.river),
    villainHits: villainHits(deal),
    winner: hero > villain ? 'hero' : hero < villain ? 'villain' : 'split',
    heroHand: categoryOf(hero),
    villainHand: categoryOf(villain),
    premium: insured ? round.stake : 0,
    payout: insured ? round.payout : 0,
    round: reveal(round),
  };
}
