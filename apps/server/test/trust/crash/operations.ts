import { randomUUID } from 'node:crypto';
import { withdrawalsAdmin, payments, rebates, taiqiu, withdrawals } from '@breakshot/contracts';
import { betRequest, rollbackRequest, units, winRequest, type Round } from '../../helpers/provider.js';
import { FUND_PASSWORD } from '../../helpers/withdrawals.js';
import type { Api, Outcome, Sending } from './http.js';
import type { DepositRecord, Journal, ReviewAction, RoundRecord, Step, WithdrawalRecord } from './journal.js';
import type { ServerProcess } from './server-process.js';
import { DEPOSIT_PLAYERS_PER_WORKER, type Player, type World } from './setup.js';
import { sleep } from './sleep.js';

/*
 * The load: workers that each keep making one kind of money operation against the real server,
 * pausing while it is down. A call cut by a kill is sent again with the same key, once the
 * server is back, for a share of them (RETRY_SHARE), as a real client or gateway would; the
 * others are left as they are. A kill seldom lands between a commit and its answer, so a share
 * of keyed calls (GIVE_UP_SHARE) is also given up by the client a moment after sending and sent
 * again at once: most of those went through, and the repeat must not apply them twice.
 * Billiards bets and withdrawal requests carry the app's requestId as their key.
 */

const RETRY_SHARE = 0.5;
const GIVE_UP_SHARE = 0.15;
const GIVE_UP_MS = [1, 40] as const;
/** Attempts of one retried call at most (a retry may be cut by the next kill too). */
const MAX_ATTEMPTS = 4;
const PAUSE_MS = [20, 60] as const;

const between = ([low, high]: readonly [number, number]) => low + Math.floor(Math.random() * (high - low));
const chance = (p: number) => Math.random() < p;

type Operation = () => Promise<void>;

export class Load {
  private stopping = false;
  private running: Promise<void>[] = [];
  /** Players whose rebate claim was sent. */
  private readonly claimed = new Set<number>();

  constructor(
    private readonly api: Api,
    private readonly server: ServerProcess,
    private readonly world: World,
    readonly journal: Journal,
  ) {}

  start(): void {
    const { deposit, bet, provider, withdrawal, rebate } = this.world;
    const workers: Operation[] = [
      ...bet.players.map((p) => () => this.taiqiuBet(p)),
      ...provider.players.map((p) => () => this.providerRound(p)),
      ...withdrawal.players.map((p) => () => this.withdrawal(p)),
      // The i-th claims once the server has started i + 1 times (the short run kills it 3 times),
      // so kills land around the claims.
      ...rebate.players.map((p, i) => () => this.rebateClaim(p, i + 1)),
    ];
    for (let w = 0; w * DEPOSIT_PLAYERS_PER_WORKER < deposit.players.length; w += 1) {
      const own = deposit.players.slice(w * DEPOSIT_PLAYERS_PER_WORKER, (w + 1) * DEPOSIT_PLAYERS_PER_WORKER);
      let turn = 0;
      workers.push(() => this.deposit(own[turn++ % own.length]!));
    }
    this.running = workers.map((op) => this.loop(op));
  }

  /** Lets each worker finish its operation (retries included), then resolves. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private async loop(op: Operation): Promise<void> {
    while (!this.stopping) {
      await this.server.whenUp();
      if (this.stopping) return;
      await op();
      await sleep(between(PAUSE_MS));
    }
  }

  /**
   * Sends a call. A keyed one (it may be sent again) is given up by the client now and then and
   * sent again at once; cut by a kill, it is sent again once the server is up for a share of
   * them, until answered. `alreadyDone` reads a refusal of a repeat as the first one's success.
   */
  private async send<T>(
    call: (sending: Sending) => Promise<Outcome<T>>,
    keyed: boolean,
    alreadyDone: (refusal: { code: number; msg: string }) => boolean = () => false,
  ): Promise<{ step: Step; value?: T }> {
    const giveUp = keyed && chance(GIVE_UP_SHARE);
    if (giveUp) this.journal.givenUp += 1;
    let outcome = this.journal.count(await call(giveUp ? { giveUpAfterMs: between(GIVE_UP_MS) } : {}), false);
    const retry = giveUp || (keyed && chance(RETRY_SHARE));
    let retries = 0;
    while (outcome.kind === 'cut' && retry && retries + 1 < MAX_ATTEMPTS) {
      await this.server.whenUp();
      retries += 1;
      outcome = await call({});
      if (outcome.kind === 'refused' && alreadyDone(outcome)) {
        this.journal.count({ kind: 'ok', value: null }, true);
        return { step: { result: 'ack', retries } };
      }
      this.journal.count(outcome, true);
    }
    if (outcome.kind === 'ok') return { step: { result: 'ack', retries }, value: outcome.value };
    if (outcome.kind === 'cut') return { step: { result: 'cut', retries } };
    return { step: { result: 'refused', retries, refusal: `${outcome.code} ${outcome.msg}` } };
  }

  private unexpected(what: string, step: Step): void {
    if (step.result === 'refused') this.journal.unexpected.push(`${what}: ${step.refusal}`);
  }

  /** startPay, then the sandbox gateway's SUCCESS callback for the order. */
  private async deposit(player: Player): Promise<void> {
    const amount = 1_000 + this.journal.next();
    const started = await this.send(
      () => this.api.player(payments.startPay, { channelId: this.world.deposit.channelId, amount }, player),
      false,
    );
    const record: DepositRecord = {
      userId: player.userId,
      amount,
      start: started.step,
    };
    this.journal.deposits.push(record);
    this.unexpected('startPay', started.step);
    if (!started.value) return;
    const { orderNo } = started.value;
    record.orderNo = orderNo;
    const raw = JSON.stringify({ merchantId: 'breakshot', orderNo, amount, status: 'SUCCESS', tradeNo: `T${orderNo}` });
    const paid = await this.send((sending) => this.api.sandboxCallback(raw, sending), true);
    record.pay = paid.step;
    this.unexpected('sandbox callback', paid.step);
  }

  private async taiqiuBet(player: Player): Promise<void> {
    const { matchId, marketId, selectionId, odds } = this.world.bet;
    const stake = 1_000 + this.journal.next();
    const requestId = randomUUID();
    const body = { matchId, marketId, selectionId, stake, odds, acceptOddsChange: true, requestId };
    const placed = await this.send((sending) => this.api.player(taiqiu.bet, body, player, sending), true);
    this.journal.bets.push({
      userId: player.userId,
      stake,
      requestId,
      place: placed.step,
      ...(placed.value && { betNo: placed.value.betNo }),
    });
    this.unexpected('taiqiu/bet', placed.step);
  }

  /**
   * A provider round: bet, then (answered) a win or a rollback; a bet left unanswered is rolled
   * back, as Hub88 providers do. Every call keeps its transaction_uuid on a retry.
   */
  private async providerRound(player: Player & { gameToken: string }): Promise<void> {
    const { id, keys, game } = this.world.provider;
    type Call = 'transaction/bet' | 'transaction/win' | 'transaction/rollback';
    const wallet = (name: Call, body: object, sending: Sending) =>
      this.api.provider(id, keys.privatePem, name, body, sending);
    const r: Round = { user: player.username, token: player.gameToken, game, round: randomUUID() };
    const stake = 100 + (this.journal.next() % 900);
    const bet = betRequest(r, units(stake));
    // A retry is a new request (request_uuid) of the same transaction.
    const again = <B extends object>(body: B) => ({ ...body, request_uuid: randomUUID() });
    const placed = await this.send((sending) => wallet('transaction/bet', again(bet), sending), true);
    const record: RoundRecord = {
      userId: player.userId,
      round: r.round!,
      stake,
      bet: { uuid: bet.transaction_uuid, step: placed.step },
    };
    this.journal.rounds.push(record);
    this.unexpected('transaction/bet', placed.step);
    if (placed.step.result === 'refused') return;
    if (placed.step.result === 'ack' && chance(0.8)) {
      const win = winRequest(bet, units(stake * 2));
      const won = await this.send((sending) => wallet('transaction/win', again(win), sending), true);
      record.settle = { kind: 'win', uuid: win.transaction_uuid, amount: stake * 2, step: won.step };
      this.unexpected('transaction/win', won.step);
      return;
    }
    const rollback = rollbackRequest(r, bet.transaction_uuid);
    const back = await this.send((sending) => wallet('transaction/rollback', again(rollback), sending), true);
    record.settle = { kind: 'rollback', uuid: rollback.transaction_uuid, amount: 0, step: back.step };
    this.unexpected('transaction/rollback', back.step);
  }

  /**
   * The player's one rebate claim of the run, once the server has started `afterStarts` times.
   * Resent after a cut, a claim that went through is refused 429
   * (the next claim is 10 minutes away): the first one's success.
   */
  private async rebateClaim(player: Player, afterStarts: number): Promise<void> {
    if (this.claimed.has(player.userId)) return;
    if (this.server.starts < afterStarts) return;
    this.claimed.add(player.userId);
    const claimed = await this.send(
      (sending) => this.api.player(rebates.rebateClaim, {}, player, sending),
      true,
      (refusal) => refusal.code === 429,
    );
    this.journal.rebateClaims.push({
      userId: player.userId,
      step: claimed.step,
      ...(claimed.value && { claimId: claimed.value.id, amount: claimed.value.amount }),
    });
    this.unexpected('rebate/claim', claimed.step);
  }

  /** The player's request, then the operator's approve and pay (or reject, one in four). */
  private async withdrawal(player: Player & { accountId: number }): Promise<void> {
    const amount = 10_000 + this.journal.next();
    const requestId = randomUUID();
    const body = { accountId: player.accountId, amount, fundPassword: FUND_PASSWORD, requestId };
    const requested = await this.send(
      (sending) => this.api.player(withdrawals.addWithdraw, body, player, sending),
      true,
    );
    const record: WithdrawalRecord = {
      userId: player.userId,
      amount,
      requestId,
      request: requested.step,
      review: [],
    };
    this.journal.withdrawals.push(record);
    this.unexpected('addWithdraw', requested.step);
    if (!requested.value) return;
    const { orderNo } = requested.value;
    record.orderNo = orderNo;
    const steps: ReviewAction[] = chance(0.75) ? ['approve', 'pay'] : ['approve', 'reject'];
    for (const action of steps) {
      const call = (sending: Sending) =>
        action === 'approve'
          ? this.api.operator(withdrawalsAdmin.withdrawalApprove, { orderNo }, sending)
          : action === 'pay'
            ? this.api.operator(withdrawalsAdmin.withdrawalPay, { orderNo }, sending)
            : this.api.operator(withdrawalsAdmin.withdrawalReject, { orderNo, reason: 'crash test' }, sending);
      // A review step repeated after it went through is refused as a state change (409):
      // the order is already where the operator moved it (verify.ts checks it is).
      const done = await this.send(call, true, (refusal) => refusal.code === 409);
      record.review.push({ action, step: done.step });
      this.unexpected(`withdrawal ${action}`, done.step);
      if (done.step.result !== 'ack') return;
    }
  }
}
