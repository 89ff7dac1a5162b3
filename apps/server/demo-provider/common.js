// What both demo game pages share: the launch parameters, calls to the provider's server, money,
// the result line, the balance and the provably-fair strip.

export const texts = JSON.parse(document.getElementById('texts').textContent);
const query = new URLSearchParams(location.search);
const lang = document.documentElement.lang;

/** What game/launch put in the URL. */
export const launch = {
  token: query.get('token') ?? '',
  user: query.get('user') ?? '',
  game: query.get('game') ?? '',
  currency: query.get('currency') ?? 'CNY',
};

export class CallError extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/** POSTs to the provider's own API with the launch token; a failure throws its code. */
export async function call(path, body = {}) {
  let res;
  try {
    res = await fetch(`/demo-provider/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: launch.token, ...body }),
    });
  } catch {
    throw new CallError('wallet_unavailable');
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new CallError(data.error ?? 'default');
  return data;
}

export const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ''));

export const failure = (code) => texts.errors[code] ?? texts.errors.default;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function money(cents) {
  const amount = (cents / 100).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return launch.currency === 'CNY' ? `¥${amount}` : `${amount} ${launch.currency}`;
}

export const $ = (id) => document.getElementById(id);

const result = $('result');
export function setResult(text, state) {
  result.textContent = text;
  result.dataset.state = state;
}

const balance = $('balance');
/** Shows the balance the wallet answered (cents); null leaves it. */
export function showBalance(cents) {
  if (cents === null || cents === undefined) return;
  balance.textContent = money(cents);
  balance.classList.add('flash');
  setTimeout(() => balance.classList.remove('flash'), 400);
}

/** The radio chips of presets: calls onChange with the chosen cents; returns a getter. */
export function chips(onChange = () => {}) {
  const buttons = [...document.querySelectorAll('.chip')];
  let chosen = Number(buttons.find((b) => b.getAttribute('aria-checked') === 'true')?.dataset.cents);
  for (const button of buttons) {
    button.addEventListener('click', () => {
      chosen = Number(button.dataset.cents);
      for (const b of buttons) b.setAttribute('aria-checked', String(b === button));
      onChange(chosen);
    });
  }
  onChange(chosen);
  return () => chosen;
}

/* ---- provably fair ---- */

const SEED_KEY = 'demo-provider.client-seed';
const SEED = /^[\w-]{1,64}$/;
const seedInput = $('client-seed');

const randomSeed = () =>
  [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');

function remember(seed) {
  try {
    localStorage.setItem(SEED_KEY, seed);
  } catch {
    // Storage may be off in an iframe; the seed then lasts for the page.
  }
}

function stored() {
  try {
    return localStorage.getItem(SEED_KEY);
  } catch {
    return null;
  }
}

seedInput.value = SEED.test(stored() ?? '') ? stored() : randomSeed();
seedInput.addEventListener('change', () => {
  if (SEED.test(seedInput.value.trim())) remember(seedInput.value.trim());
});

/** The client seed of the next round: the player's, or a fresh random one when theirs is not usable. */
export function clientSeed() {
  const seed = seedInput.value.trim();
  if (SEED.test(seed)) return seed;
  seedInput.value = randomSeed();
  remember(seedInput.value);
  return seedInput.value;
}

export function showNext(next) {
  $('seed-hash').textContent = next.seedHash;
}

/** A finished round's seed, with what it was committed and drawn with. */
export function showReveal(round) {
  $('last-seed').textContent = round.serverSeed;
  const line = (label, value) => {
    const p = document.createElement('span');
    const code = document.createElement('code');
    code.textContent = value;
    p.append(`${label}: `, code);
    return p;
  };
  $('last-round').replaceChildren(
    line('SHA-256', round.seedHash),
    line(texts.clientSeed, round.clientSeed),
    line(texts.nonce, String(round.nonce)),
  );
}

export const roundLabel = (round) => fill(texts.round, { n: round.nonce + 1 });
