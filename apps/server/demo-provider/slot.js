// 幸运九宫格: spins the reels while the provider's server plays the round against the wallet,
// stops them on the drawn symbols, draws the winning lines and shows the wallet's balance.
import {
  $,
  call,
  chips,
  clientSeed,
  failure,
  fill,
  launch,
  money,
  roundLabel,
  setResult,
  showBalance,
  showNext,
  showReveal,
  sleep,
  texts,
} from './common.js';

const SYMBOLS = ['cherry', 'lemon', 'orange', 'grape', 'bell', 'diamond', 'seven'];
const PAYLINES = [
  [0, 0, 0],
  [1, 1, 1],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];
const LINES = PAYLINES.length;
/** The reels roll at least this long, in ms, however fast the answer. */
const MIN_ROLL = 650;

const reels = [...document.querySelectorAll('.reel')];
const spinButton = $('spin');
const paylines = $('paylines');
let next = null;
let busy = false;
let grid = [0, 1, 2].map((row) => reels.map((reel) => symbolAt(reel, row)));

const stake = chips((cents) => {
  for (const cell of document.querySelectorAll('.paytable .pay')) {
    cell.textContent = money((cents / LINES) * Number(cell.dataset.lineBets));
  }
});

function symbolAt(reel, row) {
  return reel.children[row].querySelector('use').getAttribute('href').replace('#sym-', '');
}

function setSymbol(reel, row, symbol) {
  reel.children[row].querySelector('use').setAttribute('href', `#sym-${symbol}`);
}

const randomSymbol = () => SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)];

function clearWins() {
  paylines.replaceChildren();
  for (const cell of document.querySelectorAll('.cell')) cell.classList.remove('hit', 'land');
}

/** Starts the reels rolling; returns the function that stops them, reel by reel, on a grid. */
function roll() {
  clearWins();
  for (const reel of reels) reel.classList.add('spinning');
  const blur = setInterval(() => {
    for (const reel of reels.filter((r) => r.classList.contains('spinning'))) {
      for (let row = 0; row < 3; row += 1) setSymbol(reel, row, randomSymbol());
    }
  }, 80);
  return async (final) => {
    for (const [i, reel] of reels.entries()) {
      await sleep(i === 0 ? 60 : 220);
      reel.classList.remove('spinning');
      for (let row = 0; row < 3; row += 1) {
        setSymbol(reel, row, final[row][i]);
        reel.children[row].classList.add('land');
      }
    }
    clearInterval(blur);
  };
}

function showWins(wins) {
  for (const win of wins) {
    const rows = PAYLINES[win.line];
    rows.forEach((row, reel) => reels[reel].children[row].classList.add('hit'));
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
    line.setAttribute('points', rows.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' '));
    paylines.append(line);
  }
}

function outcome(r) {
  const won = r.payout > 0;
  switch (r.state) {
    case 'settled':
      return [
        `${roundLabel(r.round)} · ${won ? fill(texts.slot.won, { amount: money(r.payout) }) : texts.slot.lost}`,
        won,
      ];
    case 'settling':
      return [
        `${roundLabel(r.round)} · ${won ? fill(texts.slot.winPending, { amount: money(r.payout) }) : texts.slot.lost}`,
        won,
      ];
    case 'refused':
      return [failure(r.walletStatus), null];
    case 'rolled_back':
      return [`${roundLabel(r.round)} · ${texts.rolledBack}`, null];
    default:
      return [`${roundLabel(r.round)} · ${texts.rollingBack}`, null];
  }
}

async function open() {
  try {
    const session = await call('session', { user: launch.user, game: launch.game, currency: launch.currency });
    showBalance(session.balance);
    next = session.next;
    showNext(next);
    setResult(texts.slot.ready, 'idle');
    spinButton.disabled = false;
  } catch (err) {
    setResult(failure(err.code), 'error');
  }
}

async function spin() {
  if (busy || !next) return;
  busy = true;
  spinButton.disabled = true;
  spinButton.textContent = texts.slot.spinning;
  setResult(texts.slot.spinning, 'spinning');
  const stop = roll();
  const started = Date.now();
  try {
    const r = await call('slot/spin', { stake: stake(), clientSeed: clientSeed(), seedHash: next.seedHash });
    await sleep(Math.max(0, MIN_ROLL - (Date.now() - started)));
    if (r.grid) grid = r.grid;
    await stop(grid);
    showWins(r.wins);
    showBalance(r.balance);
    showReveal(r.round);
    next = r.next;
    showNext(next);
    const [text, won] = outcome(r);
    setResult(text, won === null ? 'error' : won ? 'won' : 'lost');
  } catch (err) {
    await stop(grid);
    // Another tab took the committed seed: show the new one before the next spin.
    if (err.code === 'seed_changed') await open();
    setResult(failure(err.code), 'error');
  } finally {
    busy = false;
    spinButton.disabled = !next;
    spinButton.textContent = texts.slot.spin;
  }
}

spinButton.addEventListener('click', spin);
open();
