import { agent, type agentReports, agentSettlementsAdmin, agentsAdmin, bets, formatMoney } from '@breakshot/contracts';
import { arg, noWords, option } from './args.js';
import { defineCommand, type Io } from './command.js';
import { ApiError, UsageError } from './errors.js';
import { minorUnits, siteTime, whole } from './format.js';

/** Agents: their terms and tree, the settlement of commissions and dividends, the platform table. */
export const agentCommands = [
  defineCommand({
    name: 'agent-set',
    usage: '<username> [--kind agent|member] [--rates taiqiu=120,slots=80,poker=50] [--ratio 3000] --reason <text>',
    summary:
      "a player's agent kind, commission rates (basis points of valid bet: 120 = 1.20 %) and dividend ratio (basis points: 3000 = 30 %); what is not given is kept; below an upline no more than the upline's own",
    options: ['kind', 'rates', 'ratio', 'reason'],
    async run({ positionals, options }, io) {
      const current = await agentNamed(io, arg(positionals, 0, 'username'));
      if (positionals.length > 1) throw new UsageError(`agent-set takes one username, not ${positionals.join(' ')}`);
      const reason = option(options, 'reason').trim();
      if (!reason) throw new UsageError('agent-set needs a reason');
      const kind = options.kind ?? current.kind;
      if (!(agent.memberKinds as readonly string[]).includes(kind))
        throw new UsageError(`--kind agent or member, not ${kind}`);
      const data = await io.post(agentsAdmin.agentProfileSave, {
        id: current.id,
        kind,
        rates: options.rates === undefined ? current.rates : { ...current.rates, ...ratesOption(options.rates) },
        dividendRatioBp: options.ratio === undefined ? current.dividendRatioBp : whole(options.ratio),
        reason,
      });
      io.print(`${data.username}: ${data.kind}, ${termsText(data)}`);
    },
  }),
  defineCommand({
    name: 'agent-tree',
    usage: '<username>',
    summary: "a player's upline chain, terms and direct members",
    async run({ positionals }, io) {
      const time = await siteTime(io);
      const found = await agentNamed(io, arg(positionals, 0, 'username'));
      const data = await io.post(agentsAdmin.agentDetails, { id: found.id });
      io.print(
        `${data.username} (${data.kind}): ${termsText(data)}; ${data.directCount} direct, ${data.teamCount} in the team`,
      );
      const chain = data.chain.map((c) => c.username).join(' → ');
      io.print(`upline: ${chain || '(top level)'}`);
      const members = await io.post(agentsAdmin.agentsList, { parentId: data.id, page: 1, pageSize: 100 });
      io.table(
        members.list.map((m) => ({
          id: String(m.id),
          username: m.username,
          kind: m.kind,
          terms: termsText(m),
          direct: String(m.directCount),
          team: String(m.teamCount),
          joined: time(m.createdAt),
        })),
        members.total,
      );
    },
  }),
  defineCommand({
    name: 'agent-settle',
    usage: '--kind commission|dividend --period YYYY-MM-DD',
    summary:
      'settle a commission day or a dividend week (its Monday) that has ended; a period settles once: running it again pays nothing more (the scheduler settles yesterday and last week on its own)',
    options: ['kind', 'period'],
    async run({ positionals, options }, io) {
      noWords(positionals, 'agent-settle');
      const kind = option(options, 'kind');
      if (!(agentSettlementsAdmin.settlementKinds as readonly string[]).includes(kind))
        throw new UsageError(`--kind commission or dividend, not ${kind}`);
      const data = await io.post(agentSettlementsAdmin.settlementRun, { kind, period: option(options, 'period') });
      const statements = `${data.statements} statement${data.statements === 1 ? '' : 's'}`;
      io.print(
        data.alreadySettled
          ? `${data.kind} ${data.period}: settled before, nothing more paid`
          : `${data.kind} ${data.period}: ${statements}, ${formatMoney(data.paid)} paid`,
      );
    },
  }),
  defineCommand({
    name: 'agent-statements',
    usage: '[--kind commission|dividend] [--period YYYY-MM-DD] [--username name]',
    summary: 'settled statements, newest period first, with the total paid',
    options: ['kind', 'period', 'username'],
    async run({ positionals, options }, io) {
      noWords(positionals, 'agent-statements');
      const data = await io.post(agentSettlementsAdmin.statementsList, { ...options, page: 1, pageSize: 100 });
      io.table(
        data.list.map((s) => ({
          id: String(s.id),
          agent: s.agentUsername,
          kind: s.kind,
          period: s.period,
          base: formatMoney(s.base),
          carryIn: formatMoney(s.carryIn),
          carryOut: formatMoney(s.carryOut),
          amount: formatMoney(s.amount),
          status: s.status,
        })),
        data.total,
      );
      io.print(`total paid: ${formatMoney(data.totalAmount)}`);
    },
  }),
  defineCommand({
    name: 'agent-tiers',
    usage: '',
    summary: 'the platform commission table (pingtaifenyong)',
    async run(_args, io) {
      printTiers(io, (await io.post(agentSettlementsAdmin.platformTiersGet, {})).tiers);
    },
  }),
  defineCommand({
    name: 'agent-tiers-set',
    usage: '--tiers taiqiu:0:80,taiqiu:10000:120,… --reason <text>',
    summary:
      'replace the table: game:team valid bet of a day in yuan: the rate it allows in basis points (120 = 1.20 %); --tiers none empties it',
    options: ['tiers', 'reason'],
    async run({ positionals, options }, io) {
      noWords(positionals, 'agent-tiers-set');
      const reason = option(options, 'reason').trim();
      if (!reason) throw new UsageError('agent-tiers-set needs a reason');
      const tiers = tiersOption(option(options, 'tiers'));
      printTiers(io, (await io.post(agentSettlementsAdmin.platformTiersSave, { tiers, reason })).tiers);
    },
  }),
];

/** The player of this exact name (case-insensitive) with its terms, by the console's search. */
async function agentNamed(io: Io, username: string): Promise<agentsAdmin.AgentRow> {
  for (let page = 1; ; page++) {
    const data = await io.post(agentsAdmin.agentsList, { keyword: username.slice(0, 32), page, pageSize: 100 });
    const found = data.list.find((r) => r.username.toLowerCase() === username.toLowerCase());
    if (found) return found;
    if (page * 100 >= data.total) throw new ApiError(`no player named ${username}`);
  }
}

/** `taiqiu=120,slots=80` → rates in basis points by game type. */
function ratesOption(text: string): Partial<agent.CommissionRates> {
  const rates: Partial<agent.CommissionRates> = {};
  for (const part of text.split(',')) {
    const [game, value] = part.split('=').map((x) => x.trim());
    if (!(bets.gameTypes as readonly string[]).includes(game ?? '') || value === undefined) {
      throw new UsageError(`--rates game=bp,… with games ${bets.gameTypes.join(', ')}, not ${part}`);
    }
    rates[game as keyof agent.CommissionRates] = whole(value);
  }
  return rates;
}

/** "taiqiu:0:80,taiqiu:10000:120" (game : team valid bet in yuan : rate in bp); "none": no tier. */
function tiersOption(text: string): agentReports.PlatformTier[] {
  if (text === 'none') return [];
  return text.split(',').map((part) => {
    const [game = '', min = '', rate = ''] = part.split(':').map((x) => x.trim());
    if (!(bets.gameTypes as readonly string[]).includes(game) || !rate) {
      throw new UsageError(`--tiers game:yuan:bp,… with games ${bets.gameTypes.join(', ')}, not ${part}`);
    }
    return { gameType: game as bets.GameType, minValidBet: minorUnits(min, { zero: true }), rateBp: whole(rate) };
  });
}

function printTiers(io: Io, tiers: agentReports.PlatformTier[]): void {
  io.table(
    tiers.map((t) => ({ game: t.gameType, teamValidBet: formatMoney(t.minValidBet), rate: `${t.rateBp / 100}%` })),
    tiers.length,
  );
}

/** "taiqiu 1.2% slots 0.8% poker 0.5%, dividend 30%" */
function termsText(t: { rates: agent.CommissionRates; dividendRatioBp: number }): string {
  const rates = bets.gameTypes.map((g) => `${g} ${t.rates[g] / 100}%`).join(' ');
  return `${rates}, dividend ${t.dividendRatioBp / 100}%`;
}
