import type { GameType, inbox } from '@breakshot/contracts';
import type { EventBus } from './events.js';

/*
 * The server's domain events and what each carries (docs/events.md lists their subscribers; its
 * test reads this file). Amounts are minor units; `reference` is the business row the ledger
 * entries of the event name, for the subscribers' own rows to name too.
 */

export interface LedgerRow {
  table: string;
  id: string | number;
}

/** A paid deposit order, as credited. */
export interface DepositCredit {
  userId: number;
  /** The deposit order (deposit_orders.order_no). */
  orderNo: string;
  /** What the player paid. */
  amount: number;
  /** What reached the player: the amount less the fee. */
  creditedAmount: number;
  /** The channel's fee, kept by the house. */
  fee: number;
  /** A promotion's bonus credited with it (bonus_expense → player), 0 if none. */
  bonus: number;
  /** The player's first credited deposit. */
  first: boolean;
  /** When it was credited. */
  at: Date;
  /** The order's row, which the ledger entries name. */
  reference: LedgerRow;
}

/** A bet as its subscribers see it. */
export interface BetFacts {
  userId: number;
  betNo: string;
  gameType: GameType;
  stake: number;
  /** An insurance bet (a premium) counts apart from stakes in the agents' figures. */
  insurance: boolean;
}

/** A bet's first settlement. */
export interface BetSettlement {
  /** Who bet what on which game. */
  bet: BetFacts;
  outcome: 'won' | 'lost' | 'void' | 'cashout';
  /** What was credited: the return of a win, the stake of a void bet, 0 for a loss. */
  payout: number;
  /** 有效投注 (docs/design.md §8): 0 for a void bet, which then feeds nothing but turnover. */
  validBet: number;
  /** When it was settled. */
  at: Date;
  /** The bet's row, which the ledger entries name. */
  reference: LedgerRow;
}

/**
 * A player's bets of a game type settled together, their valid bets summed: the turnover, rebate,
 * VIP and task rows count them as one, named by the first bet (each bet settles once, so no two
 * sums share a reference).
 */
export interface PlayerValidBet {
  userId: number;
  gameType: GameType;
  /** The sum of their valid bets (each above 0; in `bets.resettled`, of their changes, + or −). */
  validBet: number;
  /** How many bets. */
  bets: number;
  /** The first of the bets' rows. */
  reference: LedgerRow;
  /** When they were settled. */
  at: Date;
}

/** A bet's figures at one settlement: what it had credited and counted as valid. */
export interface BetFigures {
  outcome: 'won' | 'lost' | 'void' | 'cashout';
  payout: number;
  validBet: number;
}

/** A bet settled again by a result correction: its figures before and after. */
export interface BetResettlement {
  bet: BetFacts;
  before: BetFigures;
  after: BetFigures;
  /** When it was first settled: the day and the periods that counted it. */
  settledAt: Date;
  /** Its row of the correction, which the rows counting its change name. */
  reference: LedgerRow;
}

/** A player's rebate claim: what it credited. */
export interface RebateClaim {
  userId: number;
  /** What was credited. */
  amount: number;
  /** When. */
  at: Date;
  /** The claim's row, which the ledger entries name. */
  reference: LedgerRow;
}

export interface DomainEvents {
  /** A player gave the right password and is about to get a session: a subscriber may refuse it. */
  'player.logging-in': {
    userId: number;
    /** When. */
    at: Date;
  };
  /** A player added or removed a passkey (modules/passkeys): a way into the account changed. */
  'passkeys.changed': {
    userId: number;
    change: 'added' | 'removed';
    /** The passkey's name, as the player gave it. */
    name: string;
    at: Date;
  };
  /** Failed logins on a player's account reached the alert threshold: told once per window. */
  'login.failures': {
    userId: number;
    /** Failures on the account in the window, this one included. */
    count: number;
    /** The newest failure's time. */
    at: Date;
    /** The newest failure's client (ipKey), masked before anyone reads it. */
    client: string;
  };
  /** A deposit order is about to be made, under the player's deposit lock: a subscriber may refuse it. */
  'deposit.requesting': {
    userId: number;
    /** What the player asks to pay. */
    amount: number;
    /** When. */
    at: Date;
  };
  /** Deposit orders were paid, together: each credited amount (and bonus) reached its player's cash. */
  'deposits.credited': {
    /** In the order they were credited: by player, each player's orders as they came. */
    credits: DepositCredit[];
  };
  /** A bet is about to be written and its stake debited: a subscriber may refuse it (a self-excluded player). */
  'bet.placing': {
    userId: number;
    /** When it is placed. */
    at: Date;
    /** The caller already refused a self-excluded player in an earlier statement of this transaction. */
    exclusionChecked: boolean;
  };
  /** Bets' first settlement (a settlement batch's, or one bet's): each won, lost or void, its payout already credited. */
  'bets.settled': {
    /** In the order their rows were taken: by player. */
    bets: BetSettlement[];
    /** The same bets' valid bets summed per player and game type (those above 0): what counts them per player. */
    validBets: PlayerValidBet[];
  };
  /**
   * Settled bets settled again by a result correction (docs/design.md §9, "Result corrections"):
   * the difference of each one's payout already moved through the ledger.
   */
  'bets.resettled': {
    /** In the order their rows were taken: by player. */
    bets: BetResettlement[];
    /**
     * Valid bets that changed, the change summed per player and game type (what counts them per
     * player): + grown (a void bet now won or lost), − shrunk; each sum named by its first bet's
     * correction row.
     */
    validBetChanges: PlayerValidBet[];
    /** The correction's row. */
    reference: LedgerRow;
    /** The operator's reason, which the players read. */
    reason: string;
    /** When it was applied. */
    at: Date;
  };
  /** A withdrawal was paid out: its held amount left the player for good. */
  'withdrawal.paid': {
    userId: number;
    /** The withdrawal order (withdrawal_orders.order_no). */
    orderNo: string;
    /** What left the player's balance, the fee included. */
    amount: number;
    /** The withdrawal fee, kept by the house. */
    fee: number;
    /** What the player receives. */
    netAmount: number;
    /** When it was paid. */
    at: Date;
  };
  /** A withdrawal was refused: its held amount is the player's again. */
  'withdrawal.rejected': {
    userId: number;
    /** The withdrawal order (withdrawal_orders.order_no). */
    orderNo: string;
    /** What was held and is released. */
    amount: number;
    /** The operator's reason, shown to the player. */
    reason: string;
  };
  /** Rewards the player claimed were paid (bonus_expense → player), one transfer each. */
  'rewards.claimed': {
    userId: number;
    /** Each reward paid, by id: its amount and the turnover it asks for (amount × its multiple). */
    rewards: { id: number; amount: number; turnover: number }[];
    /** The sum of their amounts. */
    amount: number;
    /** When they were claimed. */
    at: Date;
  };
  /** Players claimed their rebate, together: each amount credited, rebate_expense → player. */
  'rebates.claimed': {
    /** One claim per player, in the order of their ids. */
    claims: RebateClaim[];
  };
  /** A later win of a bet already settled (a provider's further win): its payout already credited. */
  'bet.won-further': {
    /** Who bet what on which game. */
    bet: BetFacts;
    /** What this win credited. */
    payout: number;
    /** When it arrived. */
    at: Date;
    /** The row its payout's ledger entries name: the bet's, or the caller's row of this win. */
    reference: LedgerRow;
  };
  /** A message reached a player's inbox, or every player's (a broadcast). */
  'message.sent': {
    /** The player; null: a broadcast to every player. */
    userId: number | null;
    /** The message's row (messages.id). */
    messageId: number;
    /** A system message's kind (messages/templates.ts), or `operator`. */
    kind: inbox.MessageKind;
    /** An operator's title; a system message has its kind's. */
    title: string | null;
  };
  /** A billiards match went live: its first event from the feed or the console (it was scheduled). */
  'match.started': {
    matchId: number;
    /** The players' names, as the match shows them. */
    playerA: string;
    playerB: string;
    /** When it went live. */
    at: Date;
  };
  /** An operator set a billiards match's score or result, or cancelled it, by hand: it joins the match's feed log. */
  'match.entered-by-operator': {
    matchId: number;
    /** The feed provider that plays the match (`console` for a match made in the console) and its id for it. */
    providerId: string;
    feedMatch: string;
    /** The entry's number in the match's sequence: the console's next, or another provider's last applied (taiqiu/hand-entries.ts). */
    seq: number;
    entry: 'score' | 'result' | 'cancel';
    /** The score entered (none for a cancel). */
    score: { a: number; b: number } | null;
    operator: string;
    at: Date;
  };
}

export type DomainEventBus = EventBus<DomainEvents>;
