import { STATIC_PREFIX } from './catalogue.js';
import { MAX_OUTS, ODDS_TENTHS, PREMIUMS } from './insurance.js';
import { ANY_FRUITS, PAYLINES, spinAt, STAKES, STATED_RTP, SYMBOLS, THREE_OF_A_KIND } from './slot.js';
import { TEXTS, type PageLang } from './texts.js';

/*
 * The game pages: plain HTML in the player's language around a small script of
 * apps/server/demo-provider/ (the site's CSP allows no inline script; the page's texts travel as
 * a JSON data block). Phone first: they fill an iframe of the player app under its back bar.
 */

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Whole yuan without decimals (the presets): 100 → "¥1". */
const chip = (cents: number) => `¥${cents / 100}`;

const symbol = (name: string, cls = 'sym') => `<svg class="${cls}" aria-hidden="true"><use href="#sym-${name}"/></svg>`;

function layout(lang: PageLang, game: string, title: string, body: string, sprite = ''): string {
  const data = JSON.stringify(TEXTS[lang]).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0b0d1a">
<link rel="icon" href="data:,">
<title>${escape(title)}</title>
<link rel="stylesheet" href="${STATIC_PREFIX}style.css">
</head><body class="${game}">
${sprite}
<header class="bar"><h1>${escape(title)}</h1>
<div class="purse"><span>${TEXTS[lang].balance}</span><b id="balance">—</b></div></header>
<main>${body}</main>
<script type="application/json" id="texts">${data}</script>
<script type="module" src="${STATIC_PREFIX}${game}.js"></script>
</body></html>`;
}

/** The seed strip and the collapsible verification help, shared by both games. */
function fairness(lang: PageLang, verifyText: string): string {
  const t = TEXTS[lang];
  return `<section class="fair" aria-label="${t.fairTitle}">
<div class="seed"><span>${t.nextHash}</span><code id="seed-hash">—</code></div>
<div class="seed"><span>${t.lastSeed}</span><code id="last-seed">${t.none}</code></div>
<details><summary>${t.verify} · ${t.clientSeed}</summary>
<label class="client">${t.clientSeed}<input id="client-seed" maxlength="64" autocomplete="off" spellcheck="false"></label>
<p class="last-round" id="last-round"></p>
<p>${escape(verifyText)}</p>
</details></section>`;
}

/** Stake or premium chips; the first of `selected` is pressed. */
const chips = (values: readonly number[], selected: number, label: string) =>
  `<div class="chips" role="radiogroup" aria-label="${label}">${values
    .map(
      (v) =>
        `<button type="button" class="chip" role="radio" data-cents="${v}" aria-checked="${v === selected}">${chip(v)}</button>`,
    )
    .join('')}</div>`;

export function slotPage(lang: PageLang, sprite: string): string {
  const t = TEXTS[lang];
  // A pleasant first screen: bells, a seven and a diamond in view.
  const start = spinAt([12, 3, 10]);
  const reels = [0, 1, 2]
    .map(
      (reel) =>
        `<div class="reel">${[0, 1, 2].map((row) => `<div class="cell">${symbol(start.grid[row]![reel]!)}</div>`).join('')}</div>`,
    )
    .join('');
  const rows = [...SYMBOLS]
    .reverse()
    .map(
      (s) =>
        `<tr><td>${symbol(s)}${symbol(s)}${symbol(s)}</td><td class="pay" data-line-bets="${THREE_OF_A_KIND[s]}"></td><td class="times">×${THREE_OF_A_KIND[s]}</td></tr>`,
    )
    .join('');
  const fruits = SYMBOLS.slice(0, 4)
    .map((s) => symbol(s, 'sym mini'))
    .join('');
  const lineMaps = PAYLINES.map(
    (rowsOf, line) =>
      `<div class="map" title="${line + 1}">${[0, 1, 2]
        .map((row) => [0, 1, 2].map((reel) => `<i${rowsOf[reel] === row ? ' class="on"' : ''}></i>`).join(''))
        .join('')}</div>`,
  ).join('');
  const body = `<section class="machine"><div class="window"><div class="reels" id="reels">${reels}</div>
<svg class="paylines" id="paylines" viewBox="0 0 300 300" preserveAspectRatio="none" aria-hidden="true"></svg></div></section>
<p id="result" class="result" data-state="idle" aria-live="polite">${t.loading}</p>
<section class="controls">${chips(STAKES, STAKES[1], t.stake)}
<button id="spin" class="primary" type="button" disabled>${t.slot.spin}</button></section>
${fairness(lang, t.slot.verifyText)}
<details class="panel"><summary>${t.slot.paytable}<span>${t.slot.rtp.replace('{rtp}', `${(STATED_RTP * 100).toFixed(2)}%`)}</span></summary>
<table class="paytable"><thead><tr><th></th><th>${t.slot.perLine}</th><th></th></tr></thead><tbody>${rows}
<tr><td><span class="fruits">${fruits}</span><small>${t.slot.anyFruits}</small></td><td class="pay" data-line-bets="${ANY_FRUITS}"></td><td class="times">×${ANY_FRUITS}</td></tr></tbody></table>
<p class="note">${t.slot.lines}</p><div class="maps">${lineMaps}</div></details>`;
  return layout(lang, 'slot', t.slot.title, body, sprite);
}

export function insurancePage(lang: PageLang): string {
  const t = TEXTS[lang];
  const i = t.insurance;
  const backs = (n: number) => '<span class="card back"></span>'.repeat(n);
  const oddsRows = ODDS_TENTHS.map((tenths, k) => `<tr><td>${k + 1}</td><td>1:${tenths / 10}</td></tr>`).join('');
  const body = `<section class="felt">
<div class="seat villain"><div class="who">${i.villain}<span id="villain-hand" class="hand-name"></span></div><div class="cards" id="villain-cards">${backs(2)}</div></div>
<div class="board" id="board">${backs(5)}</div>
<div class="seat hero"><div class="cards" id="hero-cards">${backs(2)}</div><div class="who">${i.hero}<span class="lead" id="lead" hidden>${i.leads}</span><span id="hero-hand" class="hand-name"></span></div></div>
</section>
<section class="odds" id="odds" hidden>
<div class="stats"><div><b id="outs-count"></b><span>${i.outsLabel}</span></div><div><b id="odds-value"></b><span>${i.oddsLabel}</span></div><div><b id="chance"></b><span>${i.chanceLabel}</span></div></div>
<div class="outs" id="outs"></div></section>
<p id="result" class="result" data-state="idle" aria-live="polite">${t.loading}</p>
<section class="controls">${chips(PREMIUMS, PREMIUMS[2], i.premium)}
<div class="actions"><button id="deal" class="primary" type="button" disabled>${i.deal}</button>
<button id="buy" class="primary" type="button" hidden></button>
<button id="skip" class="ghost" type="button" hidden>${i.skip}</button></div></section>
${fairness(lang, i.verifyText)}
<details class="panel"><summary>${i.rules}<span>1:${ODDS_TENTHS[MAX_OUTS - 1]! / 10} – 1:${ODDS_TENTHS[0] / 10}</span></summary>
<p class="note">${i.intro}</p><table class="paytable odds-table"><thead><tr><th>${i.outsLabel}</th><th>${i.oddsLabel}</th></tr></thead>
<tbody>${oddsRows}</tbody></table></details>`;
  return layout(lang, 'insurance', i.title, body);
}
