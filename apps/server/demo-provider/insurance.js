// 德州保险: deals a hand where the player leads on the turn, shows the opponent's outs and the
// insurance odds, buys insurance (or not) and turns the river.
import {
  $,
  call,
  chips,
  clientSeed,
  failure,
  fill,
  launch,
  money,
  setResult,
  showBalance,
  showNext,
  showReveal,
  texts,
} from './common.js';

const t = texts.insurance;
const SUITS = { s: '♠', h: '♥', d: '♦', c: '♣' };
const UNSEEN = 44;

const dealButton = $('deal');
const buyButton = $('buy');
const skipButton = $('skip');
let next = null;
let hand = null;
let busy = false;

const premium = chips((cents) => {
  buyButton.textContent = fill(t.buy, { amount: money(cents) });
});

/** A face-up card ("Td" → 10♦), or a placeholder of the given class. */
function card(text, extra = '') {
  const el = document.createElement('span');
  el.className = `card ${extra}`.trim();
  if (!text) return el;
  const rank = document.createElement('span');
  rank.className = 'rank';
  rank.textContent = text[0] === 'T' ? '10' : text[0];
  const suit = document.createElement('span');
  suit.className = 'suit';
  suit.textContent = SUITS[text[1]];
  if (text[1] === 'h' || text[1] === 'd') el.classList.add('red');
  el.append(rank, suit);
  return el;
}

const place = (id, cards) => $(id).replaceChildren(...cards);

function showHand(h) {
  hand = h;
  place(
    'villain-cards',
    h.villain.map((c) => card(c, 'deal-in')),
  );
  place(
    'hero-cards',
    h.hero.map((c) => card(c, 'deal-in')),
  );
  place('board', [...h.board.map((c) => card(c, 'deal-in')), card(null, 'river-slot')]);
  place(
    'outs',
    h.outs.map((c) => card(c)),
  );
  $('outs-count').textContent = String(h.outs.length);
  $('odds-value').textContent = `1:${h.oddsTenths / 10}`;
  $('chance').textContent = `${((h.outs.length / UNSEEN) * 100).toFixed(1)}%`;
  $('odds').hidden = false;
  $('lead').hidden = false;
  for (const id of ['hero-hand', 'villain-hand']) {
    $(id).textContent = '';
    $(id).classList.remove('winner');
  }
  dealButton.hidden = true;
  buyButton.hidden = false;
  skipButton.hidden = false;
  setResult(t.choose, 'idle');
}

function showRiver(river) {
  const board = $('board');
  const isOut = hand.outs.includes(river.card);
  board.lastElementChild.replaceWith(card(river.card, `deal-in${isOut ? ' out' : ''}`));
  $('hero-hand').textContent = t.hands[river.heroHand];
  $('villain-hand').textContent = t.hands[river.villainHand];
  $('hero-hand').classList.toggle('winner', river.winner !== 'villain');
  $('villain-hand').classList.toggle('winner', river.winner !== 'hero');
  $('lead').hidden = true;
  showReveal(river.round);
  hand = null;
  buyButton.hidden = true;
  skipButton.hidden = true;
  dealButton.hidden = false;
  dealButton.textContent = t.again;
}

function outcome(r) {
  const { river } = r;
  const pending = r.state === 'settling' ? t.payPending : '';
  switch (r.state) {
    case 'settled':
    case 'settling':
      return river.villainHits
        ? [fill(t.hit, { amount: money(river.payout) }) + pending, 'won']
        : [fill(t.missInsured, { amount: money(river.premium) }), 'lost'];
    case 'skipped':
      if (river.winner === 'split') return [t.split, 'lost'];
      return [river.villainHits ? t.hitPlain : t.missPlain, 'lost'];
    case 'rolled_back':
      return [texts.rolledBack, 'error'];
    default:
      return [texts.rollingBack, 'error'];
  }
}

async function busyWith(work) {
  if (busy) return;
  busy = true;
  for (const b of [dealButton, buyButton, skipButton]) b.disabled = true;
  try {
    await work();
  } catch (err) {
    if (err.code === 'seed_changed' || err.code === 'no_hand') await open();
    setResult(failure(err.code), 'error');
  } finally {
    busy = false;
    for (const b of [dealButton, buyButton, skipButton]) b.disabled = !next;
  }
}

const deal = () =>
  busyWith(async () => {
    const r = await call('insurance/deal', { clientSeed: clientSeed(), seedHash: next.seedHash });
    showHand(r.hand);
    next = r.next;
    showNext(next);
  });

const settle = (cents) =>
  busyWith(async () => {
    const r = await call('insurance/settle', { roundId: hand.roundId, premium: cents });
    showBalance(r.balance);
    if (r.state === 'dealt') {
      setResult(fill(t.refusedPremium, { reason: failure(r.walletStatus) }), 'error');
      return;
    }
    showRiver(r.river);
    next = r.next;
    showNext(next);
    const [text, state] = outcome(r);
    setResult(text, state);
  });

async function open() {
  try {
    const session = await call('session', { user: launch.user, game: launch.game, currency: launch.currency });
    showBalance(session.balance);
    next = session.next;
    showNext(next);
    if (session.hand) showHand(session.hand);
    else setResult(t.ready, 'idle');
    dealButton.disabled = false;
  } catch (err) {
    setResult(failure(err.code), 'error');
  }
}

dealButton.addEventListener('click', deal);
buyButton.addEventListener('click', () => settle(premium()));
skipButton.addEventListener('click', () => settle(0));
open();
