import type { Conn } from '../platform/db.js';
import type { Lang } from '@breakshot/contracts';
import { bannerArt, createNotice, paragraphs, refreshSeededPage, saveContentPage } from '../modules/content/service.js';
import { ABOUT_PAGES, HELP_ENTRIES } from './help-texts.js';

const HOUR = 3_600_000;

/** The demo site's banners, announcements, rule, help and about pages, through the content service. */
/** The rules pages, which the seed keeps current (refreshSeededRules). A function: the texts are defined below. */
const RULES_PAGES = (): [string, Lang, { title: string; body: string }][] => [
  ['taiqiu_rules', 'zh-CN', { title: '台球投注规则', body: TAIQIU_RULES_ZH }],
  ['taiqiu_rules', 'en', { title: 'Billiards betting rules', body: TAIQIU_RULES_EN }],
  ['betting_rules', 'zh-CN', { title: '投注规则', body: BETTING_RULES_ZH }],
  ['betting_rules', 'en', { title: 'Betting rules', body: BETTING_RULES_EN }],
];

/** Brings the rules pages no operator has edited up to the seed's text; the pages it changed. */
export async function refreshSeededRules(db: Conn, now: Date): Promise<string[]> {
  const changed: string[] = [];
  for (const [key, lang, page] of RULES_PAGES()) {
    if (await refreshSeededPage(db, key, lang, page, now)) changed.push(`${key}:${lang}`);
  }
  return changed;
}

export async function seedContent(db: Conn, now: Date): Promise<void> {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

  await createNotice(db, {
    type: 'banner',
    zh: {
      title: '台球滚球 实时投注',
      summary: '每一局都能下注：独赢、让局、大小、单双，赔率随比分实时变化。',
      body: paragraphs(
        '比赛进行中依然可以投注。每局结束时盘口短暂暂停，比分确认后重新开放，赔率随比分变化。\n\n打开首页的台球赛事，点击赔率即可下注。',
      ),
    },
    en: {
      title: 'Live billiards betting',
      summary: 'Bet on every frame: winner, handicap, totals and odd/even, with odds that follow the score.',
      body: paragraphs(
        'Matches stay open for betting while they are played. Markets pause briefly at the end of every frame and reopen once the score is confirmed, with odds moved to the new score.\n\nOpen a billiards match on the home page and tap the odds to bet.',
      ),
    },
    image: bannerArt(['#0f9b58', '#075e3a']),
    link: '/taiqiuguize',
    publishedAt: at(1),
  });
  await createNotice(db, {
    type: 'banner',
    zh: {
      title: '首存加赠',
      summary: '首次充值即可申请加赠彩金，详见优惠活动。',
      body: paragraphs('首次充值的会员可在优惠中心申请首存加赠，彩金按活动档位发放，需完成相应流水后方可提款。'),
    },
    en: {
      title: 'First deposit bonus',
      summary: 'Apply for a bonus on your first deposit; see the promotions.',
      body: paragraphs(
        'Players making their first deposit can apply for the first-deposit bonus in the promotions centre. The bonus follows the promotion’s tiers and must be turned over before withdrawal.',
      ),
    },
    image: bannerArt(['#f5576c', '#b91d47']),
    link: '/user/youhui',
    publishedAt: at(2),
  });
  await createNotice(db, {
    type: 'banner',
    zh: {
      title: '实时返水',
      summary: '每一笔有效投注都计入返水，随时领取。',
      body: paragraphs(
        '有效投注实时累计返水，按 VIP 等级与游戏类型计算比例，最低 1 元即可领取，每 10 分钟可领取一次。',
      ),
    },
    en: {
      title: 'Instant rebates',
      summary: 'Every valid bet earns rebate you can claim at any time.',
      body: paragraphs(
        'Valid bets accrue rebate in real time, at a rate set by VIP level and game type. Claim from 1.00, once every 10 minutes.',
      ),
    },
    image: bannerArt(['#4776e6', '#2a3f9d']),
    link: null,
    publishedAt: at(3),
  });

  await createNotice(db, {
    type: 'notice',
    zh: {
      title: '欢迎来到 Breakshot',
      summary: '注册即可体验台球实时投注，祝您游戏愉快。',
      body: paragraphs(
        '欢迎来到 Breakshot！首页可查看正在进行和即将开始的台球赛事，点击赛事进入投注页面。\n\n投注前请阅读台球投注规则。如有疑问，请联系在线客服。',
      ),
    },
    en: {
      title: 'Welcome to Breakshot',
      summary: 'Register and bet on live billiards. Enjoy the game.',
      body: paragraphs(
        'Welcome to Breakshot! The home page lists live and upcoming billiards matches; tap a match to bet on it.\n\nPlease read the billiards betting rules before betting. Customer service is online if you need help.',
      ),
    },
    publishedAt: at(4),
  });
  await createNotice(db, {
    type: 'notice',
    zh: {
      title: '台球投注规则已更新',
      summary: '新增让局与大小盘口的走盘说明，请投注前查阅。',
      body: '<p>台球投注规则已更新：</p><ul><li>让局与大小盘口为整数时，结果恰好等于盘口视为走盘，退还本金；</li><li>比赛取消时，所有未结算注单作废并退还本金。</li></ul><p>完整规则见 <a href="/taiqiuguize">台球投注规则</a>。</p>',
    },
    en: {
      title: 'Billiards rules updated',
      summary: 'Pushes on whole handicap and total lines are now explained; please read before betting.',
      body: '<p>The billiards betting rules have been updated:</p><ul><li>On a whole handicap or total line, a result exactly on the line is a push and the stake is returned;</li><li>When a match is cancelled, every open bet is void and its stake returned.</li></ul><p>See the full <a href="/taiqiuguize">billiards rules</a>.</p>',
    },
    publishedAt: at(6),
  });
  await createNotice(db, {
    type: 'notice',
    zh: {
      title: '理性投注提示',
      summary: '您可以在设置中设定充值限额或暂停账户。',
      body: paragraphs(
        '本平台仅向年满 18 周岁的用户提供服务。请理性投注，量力而行。\n\n您可以在“设置 - 理性投注”中设置每日、每周、每月充值限额，或选择 7/30/90 天暂停账户。',
      ),
    },
    en: {
      title: 'Play responsibly',
      summary: 'Set deposit limits or take a break in the settings.',
      body: paragraphs(
        'This service is for adults aged 18 or over only. Please bet responsibly and within your means.\n\nIn Settings › Responsible gaming you can set daily, weekly and monthly deposit limits, or take a break for 7, 30 or 90 days.',
      ),
    },
    publishedAt: at(24),
  });
  await createNotice(db, {
    type: 'notice',
    zh: {
      title: '系统维护通知',
      summary: '每周二 04:00–04:30 例行维护，期间部分功能可能短暂不可用。',
      body: paragraphs(
        '为提升服务质量，平台将于每周二 04:00–04:30（北京时间）进行例行维护。维护期间充值、提款及投注可能短暂不可用，已下注单不受影响。',
      ),
    },
    en: {
      title: 'Scheduled maintenance',
      summary: 'Every Tuesday 04:00–04:30, some functions may be briefly unavailable.',
      body: paragraphs(
        'To keep the service fast and reliable, routine maintenance runs every Tuesday 04:00–04:30 (Beijing time). Deposits, withdrawals and betting may be briefly unavailable; bets already placed are not affected.',
      ),
    },
    publishedAt: at(48),
  });

  for (const [key, lang, page] of RULES_PAGES()) await saveContentPage(db, key, lang, page, now);

  // Help entries and about pages, in their order (sort by tens, room to insert between).
  for (const [i, { key, category, zh, en }] of HELP_ENTRIES.entries()) {
    const place = { group: 'help' as const, category, sort: (i + 1) * 10 };
    await saveContentPage(db, key, 'zh-CN', { ...zh, ...place }, now);
    await saveContentPage(db, key, 'en', { ...en, ...place }, now);
  }
  for (const [i, { key, zh, en }] of ABOUT_PAGES.entries()) {
    const place = { group: 'about' as const, sort: (i + 1) * 10 };
    await saveContentPage(db, key, 'zh-CN', { ...zh, ...place }, now);
    await saveContentPage(db, key, 'en', { ...en, ...place }, now);
  }
}

const TAIQIU_RULES_ZH = `
<h3>一、赛制</h3>
<p>每场比赛为两名选手之间的局数制对决（5、7、9 或 11 局），先赢得过半局数的一方获胜，例如 7 局制先赢 4 局者胜。</p>
<h3>二、玩法</h3>
<p><strong>全场玩法</strong></p>
<ul>
<li><strong>独赢</strong>：投注哪位选手赢得整场比赛。</li>
<li><strong>让局</strong>：按盘口为一方加减局数后比较胜负。例如选手 A −1.5 表示 A 须至少净胜 2 局才算赢；选手 B +1.5 表示 B 输 1 局以内或获胜即算赢。</li>
<li><strong>大小</strong>：比赛总局数（双方局数之和）高于盘口为“大”，低于盘口为“小”。</li>
<li><strong>单双</strong>：比赛总局数为奇数为“单”，偶数为“双”。</li>
<li><strong>波胆</strong>：投注比赛的最终局数比分。比分前一个数字为选手 A 的局数、后一个为选手 B 的局数，例如 4:2 表示选手 A 以 4 比 2 获胜，2:4 表示选手 B 以 4 比 2 获胜。</li>
<li><strong>先赢N局</strong>：投注哪位选手先赢得 N 局（N 见玩法名称，例如“先赢3局”）。</li>
<li><strong>单杆破百</strong>：整场比赛中是否有任一选手打出 100 分或以上的单杆，“是”或“否”。</li>
<li><strong>最高单杆</strong>：整场比赛双方的最高单杆高于盘口为“大”，低于盘口为“小”。例如“大 79.5”表示最高单杆须达到 80 分或以上。</li>
</ul>
<p><strong>单局玩法</strong>（N 为局数，开放正在进行的一局和下一局）</p>
<ul>
<li><strong>第N局 胜者</strong>：投注哪位选手赢得第 N 局。</li>
<li><strong>第N局 总分</strong>：第 N 局双方得分之和（含犯规罚分）高于盘口为“大”，低于盘口为“小”，例如“大 110.5”。</li>
<li><strong>第N局 单杆50+</strong>：第 N 局中是否有任一选手打出 50 分或以上的单杆，“是”或“否”。</li>
</ul>
<p>运营方关闭的玩法不会显示。比分由运营方人工记录的比赛只提供独赢、让局、大小、单双、波胆、先赢N局和单局胜者。</p>
<h3>三、赔率与投注</h3>
<ul>
<li>赔率为欧洲盘（含本金），可能派彩 = 投注金额 × 赔率，按分向下取整。</li>
<li>比赛进行中可以投注（滚球），赔率随比分和场上每一杆变化。每局结束时、以及数据源出现缺失或中断时，盘口暂停投注，恢复后重新开放；某一选项几乎已成定局时，该玩法也会暂停，之后重新开放或结算封盘。</li>
<li>确认投注时若赔率已变化，注单不会成立，除非您勾选“接受赔率变化”，此时按最新赔率成立。</li>
<li>每个玩法设有单注最低与最高投注额，以投注单显示为准。</li>
</ul>
<h3>四、结算</h3>
<ul>
<li><strong>独赢、让局、大小、单双、波胆</strong>：以官方最终局数比分结算。让局或大小盘口为整数时，结果恰好等于盘口为“走盘”，注单作废并退还本金。</li>
<li><strong>先赢N局</strong>：最先赢得 N 局的选手为赢。</li>
<li><strong>第N局 胜者</strong>：以第 N 局的胜者结算。<strong>第N局 总分</strong>：以第 N 局双方得分之和（含犯规罚分）对比盘口结算。<strong>第N局 单杆50+</strong>：第 N 局中任一选手打出 50 分或以上的单杆为“是”，否则为“否”。</li>
<li><strong>单杆破百</strong>：比赛中任一选手在任何一局打出 100 分或以上的单杆为“是”，否则为“否”。<strong>最高单杆</strong>：以整场比赛的最高单杆对比盘口结算。</li>
<li>选项的结果一经确定即结算派彩，不必等到比赛结束。例如：一旦有人打出 100 分的单杆，单杆破百“是”立即赢、“否”立即输；单局玩法在该局结束时结算；已不可能出现的波胆比分立即判输。结果已确定的选项不再接受投注。</li>
<li>比赛在某一局开始前已分出胜负、该局未进行的，该局的单局玩法作废并退还本金。</li>
<li>数据源未能提供某一局的逐杆数据（该局得分或单杆未知）时，该局的总分和单杆50+ 玩法作废；同样，比赛中有任一单杆未知时，单杆破百和最高单杆玩法作废，已确定的结果除外。</li>
<li>比分由人工录入、无法确定某一局胜者时，该局的单局玩法作废；双方都已赢得 N 局却无法确定谁先赢得时，先赢N局作废。</li>
<li>比赛中止（弃赛或取消）时，结果已确定的选项照常有效，其余选项全部作废并退还本金。</li>
</ul>
<h3>五、串关</h3>
<ul>
<li>串关由 2 场或以上不同赛事的选项组成（同一场赛事只能选一项），最多关数及可参与串关的玩法以运营方设置为准。</li>
<li><strong>N串1</strong>：所选 N 关全部命中才算赢，赔率为各关赔率相乘。<strong>N串M</strong>：由所选 N 关组成的 M 注组合，例如 3串4 = 3 注二串一 + 1 注三串一，4串11 = 6 注二串一 + 4 注三串一 + 1 注四串一；每注组合的投注额相同，总投注额 = 每注金额 × 注数。</li>
<li>每注组合的派彩 = 每注金额 × 该组合各关赔率之积，按分向下取整；串关派彩为各注组合派彩之和，且不超过运营方设置的单张串关最高可赢。</li>
<li>某一关作废（走盘、比赛取消等）时，该关按赔率 1.00 计算；全部关作废时整张串关作废并退还本金。</li>
<li>某一关输时，包含该关的组合即判输：N串1 在任一关输时立即结算为输；N串M 在每注组合都已确定后结算。</li>
<li>含滚球赛事的串关需等待各滚球关的确认时间，每一关按单关规则确认，任一关未被接受则整张串关不成立并退还本金。</li>
<li>有效投注按组合计算：每注组合计一笔有效投注（规则同单关：组合赔率低于 1.5 时按实际输赢计）。</li>
</ul>
<h3>六、提前结算</h3>
<ul>
<li>未结算的单关和串关注单可申请提前结算：报价按当前比赛状态下的公平概率计算该注单的预期返还，再扣除运营方设置的提前结算费率；报价有效期为数秒。</li>
<li>可全部或部分提前结算：部分提前结算按所选本金占剩余本金的比例支付报价金额（按分向下取整），其余本金继续有效，比赛结束后按剩余本金占总本金的比例结算。</li>
<li>确认时若报价已过期，或金额下降超过运营方设置的容差，将给出新的报价，需再次确认。</li>
<li>可设置自动提前结算金额：在比赛数据更新后，若该注单的提前结算金额达到所设金额，系统即全部提前结算。</li>
<li>注单确认中、任一未定关的盘口暂停、运营方关闭该赛事的提前结算，或结果已确定正在结算时，不能提前结算。</li>
<li>全部提前结算的注单状态为“已提前结算”，派彩为提前结算金额。有效投注：每次提前结算的本金按实际输赢计（不超过该部分本金），其余本金按原规则计算。</li>
</ul>
<h3>七、取消与延期</h3>
<ul>
<li>比赛取消、弃赛或未能在原定时间开始且未在合理时间内进行的，按第四条处理：结果已确定的选项照常有效，其余未结算注单作废并退还本金。</li>
<li>因明显错误的赔率或比分成立的注单，平台有权按正确数据重新结算或作废。</li>
</ul>
`;

const TAIQIU_RULES_EN = `
<h3>1. Format</h3>
<p>Each match is played between two players over a set number of frames (best of 5, 7, 9 or 11). The first player to win more than half of the frames wins the match, e.g. 4 frames in a best of 7.</p>
<h3>2. Markets</h3>
<p><strong>Match markets</strong></p>
<ul>
<li><strong>Winner</strong>: which player wins the match.</li>
<li><strong>Frame handicap</strong>: the line is added to a player’s frames before comparing. Player A −1.5 wins only if A wins by 2 frames or more; player B +1.5 wins if B loses by at most 1 frame or wins.</li>
<li><strong>Total frames</strong>: the frames played by both players together, over or under the line.</li>
<li><strong>Odd/Even</strong>: whether the total number of frames is odd or even.</li>
<li><strong>Correct score</strong>: the final frame score of the match. The first number is player A’s frames, the second player B’s: 4:2 means player A wins 4 frames to 2, 2:4 that player B does.</li>
<li><strong>Race to N</strong>: which player is the first to win N frames (N is in the market’s name, e.g. “Race to 3”).</li>
<li><strong>A century break</strong>: whether either player makes a break of 100 or more anywhere in the match, yes or no.</li>
<li><strong>Highest break</strong>: the highest break of the match by either player, over or under the line. “Over 79.5” needs a break of 80 or more.</li>
</ul>
<p><strong>Frame markets</strong> (N is the frame; offered for the frame in play and the next one)</p>
<ul>
<li><strong>Frame N winner</strong>: which player wins frame N.</li>
<li><strong>Frame N total points</strong>: both players’ points in frame N together (foul penalties included), over or under the line, e.g. “Over 110.5”.</li>
<li><strong>Frame N: a 50+ break</strong>: whether either player makes a break of 50 or more in frame N, yes or no.</li>
</ul>
<p>Markets the operator has switched off are not shown. A match whose score the operator records by hand offers only Winner, Frame handicap, Total frames, Odd/Even, Correct score, Race to N and Frame N winner.</p>
<h3>3. Odds and bets</h3>
<ul>
<li>Odds are decimal (stake included): the potential return is stake × odds, rounded down to the cent.</li>
<li>Matches can be bet on while they are played, with odds that move with the score and every visit to the table. Markets are suspended at the end of every frame and whenever the data feed has a gap or goes silent, and reopen once it is back; a market is also suspended while one of its outcomes is nearly certain, until it reopens or is settled and closed.</li>
<li>If the odds change while you confirm, the bet is not placed unless you ticked “accept odds changes”; it is then placed at the new odds.</li>
<li>Every market has a minimum and maximum stake, shown on the bet slip.</li>
</ul>
<h3>4. Settlement</h3>
<ul>
<li><strong>Winner, Frame handicap, Total frames, Odd/Even, Correct score</strong>: settled on the official final frame score. On a whole handicap or total line, a result exactly on the line is a push: the bet is void and the stake returned.</li>
<li><strong>Race to N</strong>: the player who first wins N frames wins.</li>
<li><strong>Frame N winner</strong>: settled on the winner of frame N. <strong>Frame N total points</strong>: both players’ points in frame N, foul penalties included, against the line. <strong>Frame N: a 50+ break</strong>: “yes” if either player makes a break of 50 or more in frame N, otherwise “no”.</li>
<li><strong>A century break</strong>: “yes” if either player makes a break of 100 or more in any frame of the match, otherwise “no”. <strong>Highest break</strong>: the highest break of the match against the line.</li>
<li>A selection is settled and paid as soon as its outcome is certain, not only when the match ends. For example: the moment a 100 break is made, century “yes” wins and “no” loses; a frame market is settled when its frame ends; a correct score that can no longer happen loses at once. A selection whose outcome is certain takes no more bets.</li>
<li>A frame market of a frame that is never played (the match is won before it) is void and the stake returned.</li>
<li>If the data feed could not give a frame’s visits (its points or breaks are unknown), that frame’s total points and 50+ break markets are void; likewise the century and highest break markets if any break of the match is unknown, unless already decided.</li>
<li>If the score is entered by hand and a frame’s winner is not known, that frame’s markets are void; Race to N is void if both players have won N frames and who got there first is not known.</li>
<li>If a match is abandoned (cancelled), every selection already decided stands; everything else is void and the stakes are refunded.</li>
</ul>
<h3>5. Parlays</h3>
<ul>
<li>A parlay combines picks of 2 or more different matches (one pick a match); the most legs and the markets that may be legs are as the operator sets them.</li>
<li><strong>N-fold (N串1)</strong>: wins only if all N legs win, at the product of their odds. <strong>Systems (N串M)</strong>: the M combinations of the N legs, e.g. 3串4 = 3 doubles + 1 treble, 4串11 = 6 doubles + 4 trebles + 1 four-fold; each combination is staked the same amount, so the total stake is that amount × M.</li>
<li>A combination returns its stake × the product of its legs’ odds, rounded down to the cent; the parlay returns the sum of its combinations, at most the operator’s maximum return of a parlay.</li>
<li>A void leg (a push, a cancelled match…) counts at odds 1.00; if every leg is void the parlay is void and the stake returned.</li>
<li>A lost leg loses every combination that holds it: an N-fold is settled as lost at once; a system is settled once every combination is decided.</li>
<li>A parlay with legs on live matches waits out their acceptance delays; each leg is then accepted as a single bet would be, and if any is not, the parlay is not placed and the stake returned.</li>
<li>Valid bet is counted per combination: one valid bet each (as for a single bet, at combined odds below 1.5 the actual win or loss counts).</li>
</ul>
<h3>6. Cash-out</h3>
<ul>
<li>An open single or parlay may be cashed out: the offer is what the bet is expected to return at the fair chances of the matches as they stand, less the operator’s cash-out margin; an offer holds for a few seconds.</li>
<li>All or part of the stake may be cashed out: a part is paid its share of the offer for the stake still running (rounded down to the cent); the rest runs on and settles at its share of what the whole stake settles for.</li>
<li>If the offer has expired when confirmed, or has fallen by more than the operator’s tolerance, a new offer is made to confirm again.</li>
<li>An automatic cash-out may be set at an amount: after an update of the matches, if the bet’s offer has reached it, the whole bet is cashed out.</li>
<li>Cash-out is unavailable while the bet is being confirmed, while a market of an undecided leg is suspended, where the operator has switched it off for the match, and once the outcome is known and being settled.</li>
<li>A bet cashed out whole shows as cashed out, its payout what the cash-outs paid. Valid bet: each cashed-out part counts its actual win or loss (at most the part); the rest of the stake counts as usual.</li>
</ul>
<h3>7. Cancellation and postponement</h3>
<ul>
<li>If a match is cancelled or abandoned, or does not start at its time and is not played within a reasonable time, it is settled as in section 4: selections already decided stand, every other open bet is void and the stake returned.</li>
<li>Bets accepted at obviously wrong odds or on a wrong score may be resettled on the correct data or voided.</li>
</ul>
`;

const BETTING_RULES_ZH = `
<h3>一、有效投注</h3>
<ul>
<li>有效投注为已结算（赢或输）注单的投注金额，用于流水、返水、VIP 与代理佣金计算。</li>
<li>作废、走盘或退款的注单有效投注为 0。</li>
<li>赔率低于 1.5 的注单，有效投注为投注金额与输赢金额两者中的较小值。</li>
</ul>
<h3>二、结算</h3>
<ul>
<li>注单以官方结果结算，派彩实时到账，余额变化可在资金明细中查看。</li>
<li>投注记录中“未结算”为等待结果的注单，“已结算”为已赢或已输的注单，“已取消”为作废并退款的注单。</li>
</ul>
<h3>三、取消与作废</h3>
<ul>
<li>赛事取消、延期未赛或因系统故障无法确认结果的，相关注单作废并退还本金。</li>
<li>注单一经确认不可撤销。</li>
</ul>
<h3>四、其他</h3>
<ul>
<li>每个玩法设有单注最低与最高投注额。</li>
<li>平台严禁利用系统漏洞、对冲套利或多账户投注，一经发现有权取消相关注单及收益。</li>
<li>本平台仅向年满 18 周岁的用户提供服务，请理性投注。</li>
</ul>
`;

const BETTING_RULES_EN = `
<h3>1. Valid bets</h3>
<ul>
<li>A valid bet is the stake of a bet settled as won or lost; it counts towards turnover, rebates, VIP levels and agent commission.</li>
<li>Void, pushed or refunded bets have a valid bet of 0.</li>
<li>For a bet at odds below 1.5, the valid bet is the smaller of the stake and the amount won or lost.</li>
</ul>
<h3>2. Settlement</h3>
<ul>
<li>Bets are settled on the official result and paid at once; every balance change is listed in the fund details.</li>
<li>In the bet records, “open” bets await their result, “settled” bets were won or lost, and “cancelled” bets were void and refunded.</li>
</ul>
<h3>3. Cancellation and void bets</h3>
<ul>
<li>If an event is cancelled, postponed and not played, or its result cannot be confirmed because of a system fault, its bets are void and the stakes returned.</li>
<li>A confirmed bet cannot be withdrawn.</li>
</ul>
<h3>4. Other</h3>
<ul>
<li>Every market has a minimum and a maximum stake.</li>
<li>Exploiting system faults, arbitrage between accounts or betting with several accounts is forbidden; such bets and their winnings may be cancelled.</li>
<li>This service is for adults aged 18 or over only. Please bet responsibly.</li>
</ul>
`;
