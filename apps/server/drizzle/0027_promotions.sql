-- Promotions (优惠, docs/design.md §8). Amounts in minor units (fen).

-- A promotion of one of six types; rules holds the type's tier table (contracts promotionRules,
-- its "type" always the row's). Players see it from starts_at until 30 days after ends_at while
-- enabled; it runs (takes applications, pays) from starts_at to ends_at. rules_zh / rules_en are
-- sanitized HTML. cap_amount: most bonus one player gets in one period (null: the tiers decide).
CREATE TABLE promotions (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('first_deposit', 'reload', 'lucky_slip', 'fee_waiver', 'slots_turnover',
    'agent_starter')),
  title_zh text NOT NULL,
  title_en text NOT NULL,
  summary_zh text NOT NULL,
  summary_en text NOT NULL,
  audience_zh text NOT NULL,
  audience_en text NOT NULL,
  rules_zh text NOT NULL,
  rules_en text NOT NULL,
  banner_from text NOT NULL,
  banner_to text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  turnover_multiple integer NOT NULL CHECK (turnover_multiple >= 0),
  cap_amount bigint CHECK (cap_amount > 0),
  min_vip_level integer NOT NULL DEFAULT 0 CHECK (min_vip_level >= 0),
  reward_valid_days integer NOT NULL CHECK (reward_valid_days > 0),
  rules jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT promotions_period CHECK (ends_at > starts_at),
  CONSTRAINT promotions_rules_type CHECK (rules ->> 'type' = type)
);
CREATE INDEX promotions_running ON promotions (type, starts_at, ends_at) WHERE enabled;

-- A player's participation in one period of a promotion: once, a day (2026-11-25), a week (its
-- Monday, 2026-11-23) or a month (2026-11) of the site's time zone; the unique key is the
-- once-per-period rule. period_ends_at (null: once) lets the hooks and the period job find the
-- current and the ended periods without the time zone. amount: bonus granted under it (the fee
-- waiver: fees waived); progress: valid bet counted since applying; uses: grants made (the fee
-- waiver: withdrawals without fee). A rejection's reason is a message key with its parameters
-- (shown in the reader's language) or, from an operator, reason_text.
CREATE TABLE promotion_applications (
  id bigserial PRIMARY KEY,
  promotion_id bigint NOT NULL REFERENCES promotions (id),
  user_id bigint NOT NULL REFERENCES users (id),
  period_key text NOT NULL,
  period_ends_at timestamptz,
  status text NOT NULL CHECK (status IN ('pending', 'granted', 'rejected')),
  reason_key text,
  reason_params jsonb,
  reason_text text,
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  progress bigint NOT NULL DEFAULT 0 CHECK (progress >= 0),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT promotion_applications_once UNIQUE (promotion_id, user_id, period_key)
);
-- The player's list (newest first) and the hooks' lookups of the player's current periods.
CREATE INDEX promotion_applications_user ON promotion_applications (user_id, id DESC);
-- The operator's list by status, and the period job's pending applications.
CREATE INDEX promotion_applications_status ON promotion_applications (status, id DESC);
CREATE INDEX promotion_applications_pending ON promotion_applications (period_ends_at) WHERE status = 'pending';

-- Settled bets that qualify for a lucky-slip promotion (their number ends in one of its endings,
-- the longest that matches, and the stake reached min_stake), recorded at settlement; claimed
-- when application_id is set.
CREATE TABLE promotion_slips (
  promotion_id bigint NOT NULL REFERENCES promotions (id),
  user_id bigint NOT NULL REFERENCES users (id),
  bet_no text NOT NULL,
  game_type text NOT NULL,
  stake bigint NOT NULL,
  ending text NOT NULL,
  bonus bigint NOT NULL CHECK (bonus > 0),
  settled_at timestamptz NOT NULL,
  application_id bigint REFERENCES promotion_applications (id),
  PRIMARY KEY (promotion_id, bet_no)
);
CREATE INDEX promotion_slips_user ON promotion_slips (user_id, promotion_id, settled_at DESC);

-- One promotion of each type, running for a year from this migration.
INSERT INTO promotions (type, title_zh, title_en, summary_zh, summary_en, audience_zh, audience_en, rules_zh,
  rules_en, banner_from, banner_to, starts_at, ends_at, sort, turnover_multiple, cap_amount, min_vip_level,
  reward_valid_days, rules)
VALUES
  ('first_deposit', '首存优惠 最高38%', 'First deposit bonus up to 38%',
   '首次存款最高送 ¥3,888', 'Up to ¥3,888 on your first deposit',
   '未完成首存的会员', 'Players who have not made a deposit yet',
   '<p>先申请本活动，再完成首次存款，系统按首存金额自动发放彩金至「领奖」。</p><ol><li>首存 ¥100 起送 20%，最高 ¥188；¥1,000 起送 30%，最高 ¥888；¥5,000 起送 38%，最高 ¥3,888。</li><li>彩金需完成 10 倍流水方可提款。</li><li>每位会员限参与一次，已完成首存的会员不可申请。</li><li>彩金发放后 7 天内有效，逾期未领取视为放弃。</li></ol><p>如发现套利、对冲等违规行为，平台有权取消优惠资格。</p>',
   '<p>Apply first, then make your first deposit: the bonus lands in Rewards automatically.</p><ol><li>From ¥100: 20%, up to ¥188; from ¥1,000: 30%, up to ¥888; from ¥5,000: 38%, up to ¥3,888.</li><li>The bonus needs 10× its amount in valid bets before a withdrawal.</li><li>Once per player; players who have made a deposit cannot apply.</li><li>Claim the bonus within 7 days of its grant.</li></ol><p>Abuse such as arbitrage or hedging voids the bonus.</p>',
   '#ff7a45', '#d4380d', date_trunc('day', now()), date_trunc('day', now()) + interval '1 year', 10, 10, NULL, 0, 7,
   '{"type":"first_deposit","tiers":[{"minDeposit":10000,"rateBps":2000,"maxBonus":18800},{"minDeposit":100000,"rateBps":3000,"maxBonus":88800},{"minDeposit":500000,"rateBps":3800,"maxBonus":388800}]}'),
  ('reload', '每日存款加赠 最高8%', 'Daily reload bonus up to 8%',
   '每笔存款加赠，每日最高 ¥800', 'A bonus on every deposit, up to ¥800 a day',
   '已完成首存的全体会员', 'Every player after their first deposit',
   '<p>每天申请一次，当天申请后的每笔存款（首存除外）按金额加赠彩金。</p><ol><li>单笔 ¥100 起加赠 5%，最高 ¥100；¥1,000 起加赠 8%，最高 ¥500。</li><li>每日加赠合计最高 ¥800。</li><li>彩金需完成 5 倍流水方可提款。</li><li>当天未有符合条件的存款，申请自动失效。</li></ol>',
   '<p>Apply once a day: every deposit after that on the same day (the first deposit excepted) earns a bonus.</p><ol><li>From ¥100: 5%, up to ¥100; from ¥1,000: 8%, up to ¥500 a deposit.</li><li>At most ¥800 a day in all.</li><li>The bonus needs 5× its amount in valid bets before a withdrawal.</li><li>Without a qualifying deposit that day the application lapses.</li></ol>',
   '#36cfc9', '#08979c', date_trunc('day', now()), date_trunc('day', now()) + interval '1 year', 20, 5, 80000, 0, 7,
   '{"type":"reload","tiers":[{"minDeposit":10000,"rateBps":500,"maxBonus":10000},{"minDeposit":100000,"rateBps":800,"maxBonus":50000}]}'),
  ('lucky_slip', '幸运注单 尾号8888送¥888', 'Lucky slips: ending 8888 wins ¥888',
   '注单号尾数中奖，最高 ¥888', 'Bet numbers ending in lucky digits win up to ¥888',
   '全体会员', 'Every player',
   '<p>单注有效投注 ¥10 及以上、已结算（赢或输）的注单，注单号尾数符合以下号码即可领取彩金：</p><ol><li>尾号 8888 送 ¥888；尾号 888 送 ¥88；尾号 666 送 ¥66；尾号 168 送 ¥16.80（同时符合时按最长尾号计）。</li><li>注单结算后 3 天内在本页领取，每天限领一张。</li><li>彩金需完成 1 倍流水方可提款。</li></ol>',
   '<p>A settled (won or lost) bet with a valid bet of ¥10 or more whose bet number ends in one of these wins a bonus:</p><ol><li>8888: ¥888; 888: ¥88; 666: ¥66; 168: ¥16.80 (the longest ending that matches counts).</li><li>Claim it on this page within 3 days of settlement, one slip a day.</li><li>The bonus needs 1× its amount in valid bets before a withdrawal.</li></ol>',
   '#9254de', '#531dab', date_trunc('day', now()), date_trunc('day', now()) + interval '1 year', 30, 1, NULL, 0, 7,
   '{"type":"lucky_slip","minStake":1000,"claimDays":3,"tiers":[{"ending":"8888","bonus":88800},{"ending":"888","bonus":8800},{"ending":"666","bonus":6600},{"ending":"168","bonus":1680}]}'),
  ('fee_waiver', '提款免手续费 每周3次', 'Fee-free withdrawals, 3 a week',
   '本周有效投注满 ¥1,000，提款免手续费', 'Bet ¥1,000 this week and withdraw without a fee',
   '全体会员', 'Every player',
   '<p>每周申请一次，申请后本周有效投注累计达到 ¥1,000，本周前 3 笔提款免收手续费。</p><ol><li>有效投注自申请时起计算，所有游戏均计入。</li><li>每周一 00:00 重新计算，需重新申请。</li><li>已被拒绝的提款不返还免费次数。</li></ol>',
   '<p>Apply once a week: once your valid bet since applying reaches ¥1,000, the week''s first 3 withdrawals pay no fee.</p><ol><li>Valid bets of every game count from the time you apply.</li><li>Weeks start on Monday at 00:00; apply again each week.</li><li>A rejected withdrawal does not give its free withdrawal back.</li></ol>',
   '#40a9ff', '#0050b3', date_trunc('day', now()), date_trunc('day', now()) + interval '1 year', 40, 0, NULL, 0, 7,
   '{"type":"fee_waiver","freeWithdrawals":3,"minValidBet":100000}'),
  ('slots_turnover', 'PG电子周周送 最高¥888', 'Weekly slots bonus up to ¥888',
   '本周电子有效投注达标，周一发放彩金', 'Reach a slots tier this week, get paid on Monday',
   '全体会员', 'Every player',
   '<p>每周申请一次，申请后本周电子游戏有效投注达到以下档位，下周一自动发放对应彩金（按达到的最高档）：</p><ol><li>¥10,000 送 ¥38；¥50,000 送 ¥188；¥200,000 送 ¥888。</li><li>彩金需完成 3 倍流水方可提款。</li><li>未达到最低档位的申请将自动失效。</li></ol>',
   '<p>Apply once a week: the highest tier your slots valid bet reaches after applying is paid on the next Monday:</p><ol><li>¥10,000: ¥38; ¥50,000: ¥188; ¥200,000: ¥888.</li><li>The bonus needs 3× its amount in valid bets before a withdrawal.</li><li>An application below the lowest tier lapses.</li></ol>',
   '#73d13d', '#237804', date_trunc('day', now()), date_trunc('day', now()) + interval '1 year', 50, 3, NULL, 0, 7,
   '{"type":"slots_turnover","tiers":[{"validBet":1000000,"bonus":3800},{"validBet":5000000,"bonus":18800},{"validBet":20000000,"bonus":88800}]}'),
  ('agent_starter', '推广有礼 每位会员送¥18', 'Invite and earn ¥18 a member',
   '直属会员首存满 ¥100，每位送 ¥18', '¥18 for each direct member whose first deposit is ¥100+',
   '全体会员（代理）', 'Every player with an invite code',
   '<p>每月申请一次，当月您邀请的直属会员首次存款达到 ¥100，每位为您发放 ¥18 彩金。</p><ol><li>每位会员仅计一次。</li><li>每月最高 ¥1,800。</li><li>彩金需完成 1 倍流水方可提款。</li><li>当月没有符合条件的会员，申请自动失效。</li></ol>',
   '<p>Apply once a month: each direct member you invited whose first deposit of ¥100 or more comes that month earns you ¥18.</p><ol><li>Each member counts once.</li><li>At most ¥1,800 a month.</li><li>The bonus needs 1× its amount in valid bets before a withdrawal.</li><li>Without a qualifying member that month the application lapses.</li></ol>',
   '#ffc53d', '#d48806', date_trunc('day', now()), date_trunc('day', now()) + interval '1 year', 60, 1, 180000, 0, 7,
   '{"type":"agent_starter","minFirstDeposit":10000,"bonusPerMember":1800}');
