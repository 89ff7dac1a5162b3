import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { z } from 'zod';
import {
  admin,
  adminConsole,
  agent,
  type agentReports,
  agentSettlementsAdmin,
  agentsAdmin,
  API_PREFIX,
  bets,
  feedback,
  formatInZone,
  formatMoney,
  instantInZone,
  games,
  inbox,
  limits,
  operatorAuth,
  security,
  type SysConfig,
  system,
  taiqiu,
  taiqiuAdmin,
} from '@breakshot/contracts';
import { ADMIN_TOKEN_FILE } from '../platform/operator-token.js';
import { dataDirOf } from '../platform/config.js';

/**
 * `npm run admin -- <command> [args]`: the operator's calls over HTTP to the running server (a
 * PGlite data folder can be open in one process only). Prints tables; exits 1 when the server
 * refuses, 2 on a usage error.
 */

const USAGE = `usage: npm run admin -- <command> [args]

Times are the site's (its zone in the server's config), printed with their offset: 2026-11-28 18:00 (UTC+8).

  deposits                              manual-channel deposits waiting for confirmation
  confirm-deposit <orderNo>             credit a manual deposit
  withdrawals [status]                  withdrawals (reviewing, approved, paid, rejected; default reviewing)
  approve <orderNo>                     reviewing → approved
  pay <orderNo>                         approved → paid
  reject <orderNo> <reason…>            reviewing/approved → rejected, money back to the player
  adjust <username> <amount> <reason…>  credit (100.50) or debit (-20) a balance in yuan;
        [--turnover N]                  a credit adds amount × N turnover (default 0)
  waive-turnover <username> <reason…>   clear what is left of a player's turnover requirement
  audit [action]                        the operator audit log
  channels                              recharge channels, enabled or not
  channel-enable <id>                   offer a channel to players again
  channel-disable <id>                  stop offering a channel (open orders stay payable)
  usdt-rate <rate>                      USDT exchange rate for new USDT deposits (e.g. 7.25)
  player-disable <username> <reason…>   disable a player: sessions ended, login refused
  player-enable <username> <reason…>    enable a disabled player again
  matches [live|upcoming|finished]      billiards matches with their markets and open bets
  match-create <playerA> <playerB> <bestOf> [start]
                                        a match starting in +N minutes (default +10), at the site's
                                        time '2026-11-28 18:00' or at an ISO time with its offset
  match-score <id> <a> <b>              set the live frame score (a scheduled match goes live)
  odds-set <selectionId> <odds>         fix a selection's odds (e.g. 1.95)
  match-result <id> <a> <b>             enter the final frame score: finish and settle every bet
  match-cancel <id> [reason…]           cancel a match: every open bet void and refunded
  market-suspend <marketId>             suspend a market until market-open
  market-open <marketId>                reopen a market
  providers                             game providers (seamless wallet), and our public key that
                                        they verify our answers with
  provider-save --id <id> [--name …] [--types slots,poker] [--key-file key.pem] [--launch-url …]
                                        add a provider (every option needed) or change one (what
                                        is not given is kept); its calls come to /provider/<id>/…
  provider-enable <id> on|off           off: its games leave the lobby and new bets are refused;
                                        its open rounds still settle (wins, rollbacks)
  games [--provider id]                 the catalogue of provider games, enabled or not
  game-save --code <code> [--provider id] [--name 中文名] [--name-en …] [--type slots|poker]
        [--image URL] [--sort N]        add a game (provider, names and type needed) or change
        [--max-win N|default]           one (what is not given is kept); --max-win: its own win
                                        limit (a multiple of a round's stakes) or the default
  game-enable <code> on|off             show a game in the lobby or take it out
  game-transactions [--user name]       the providers' wallet calls (bet, win, rollback), newest first
  held-wins [status]                    provider wins held above their game's win limit (waiting,
                                        released, refused; default waiting)
  held-win-release <id> [reason…]       credit a held win to its player
  held-win-refuse <id> <reason…>        refuse a held win: nothing is credited
  create-operator <username> <role>     a console account (role: admin, finance, risk or content);
                                        the password comes from OPERATOR_PASSWORD or is asked for
                                        on the terminal (hidden), never from the command line;
                                        the TOTP is set up at the account's first console login
  operators                             console accounts
  operator-disable <username> <reason…> disable a console account: its sessions end, login refused
  operator-enable <username> <reason…>  enable a console account again
  operator-reset-totp <username> <reason…>
                                        clear the TOTP (lost phone): the next login enrolls anew
  notices                               announcements and banners, withdrawn ones too
  notice-publish <notice|banner> <title> <bodyFile>
        [--summary …] [--link /route]   publish now; the body is HTML read from a file (sanitized);
        [--en-title … --en-body-file …  the summary defaults to the body's first words
         --en-summary …]
  notice-withdraw <id>                  take a notice or banner down
  pages [rules|help|about]              rule, help and about pages, each language
  page-save <key> <zh-CN|en> <title> <bodyFile>
        [--group rules|about] [--sort N]
                                        a page's text in one language (HTML from a file); an
                                        existing page keeps its group unless --group is given
  help-save <key> <category> <zh-CN|en> <question> <answerFile> [--sort N]
                                        a help-centre question (category: deposit, withdrawal,
                                        account, betting or agent) and its answer (HTML file)
  site-contact [--email …] [--phone …] [--telegram …] [--wechat …] [--qq …]
                                        the business contact on /user/shangwu (other fields kept;
                                        "" clears one); no options: show it
  sms-outbox [mobile]                   the SMS outbox (development channel): messages with their
                                        codes, newest first; mobile: digits the number contains
  broadcast <title> <body…>             a message to every player (body: text or HTML)
  message <username> <title> <body…>    a message to one player
  messages                              messages sent by operators, with how many read them
  message-withdraw <id>                 withdraw a sent message: players no longer see it
  feedback [open]                       players' feedback (open: only the unanswered)
  feedback-reply <id> <text…>           answer a feedback; the player gets a message
  player-limits <username>              a player's responsible-gaming limits: deposit limits
                                        (with pending increases), self-exclusion and its end
                                        (nobody can lift it early), reality reminder
  agent-set <username> [--kind agent|member] [--rates taiqiu=120,slots=80,poker=50]
        [--ratio 3000] --reason <text>  a player's agent kind, commission rates (basis points of
                                        valid bet: 120 = 1.20 %) and dividend ratio (basis points:
                                        3000 = 30 %); what is not given is kept; below an upline
                                        no more than the upline's own
  agent-tree <username>                 a player's upline chain, terms and direct members
  agent-settle --kind commission|dividend --period YYYY-MM-DD
                                        settle a commission day or a dividend week (its Monday)
                                        that has ended; a period settles once: running it again
                                        pays nothing more (the scheduler settles yesterday and
                                        last week on its own)
  agent-statements [--kind commission|dividend] [--period YYYY-MM-DD] [--username name]
                                        settled statements, newest period first, with the total paid
  agent-tiers                           the platform commission table (pingtaifenyong)
  agent-tiers-set --tiers taiqiu:0:80,taiqiu:10000:120,… --reason <text>
                                        replace the table: game:team valid bet of a day in yuan:
                                        the rate it allows in basis points (120 = 1.20 %);
                                        --tiers none empties it
  help                                  this text

environment:
  ADMIN_URL       server (default http://127.0.0.1:$PORT, PORT default 3000)
  ADMIN_TOKEN     operator token (default: the file admin-token in DATA_DIR, default ./data);
                  it acts as admin, as @admin-token in the audit log
  OPERATOR_PASSWORD  create-operator's password (at least 12 characters); unset: asked on the terminal`;

class UsageError extends Error {}
class ApiError extends Error {}

type Row = Record<string, string>;

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case 'deposits': {
      const time = await siteTime();
      const data = await post(admin.depositsPending, { page: 1, pageSize: 100 });
      printTable(
        data.list.map((d) => ({
          orderNo: d.orderNo,
          user: d.username,
          channel: d.channel,
          amount: formatMoney(d.amount),
          status: d.status,
          created: time(d.createdAt),
          expires: time(d.expiresAt),
        })),
        data.total,
      );
      return;
    }
    case 'confirm-deposit':
      return printStatus(await post(admin.depositConfirm, { orderNo: arg(args, 0, 'orderNo') }));
    case 'withdrawals': {
      const time = await siteTime();
      const status = args[0] ?? 'reviewing';
      const data = await post(admin.withdrawalsList, { status, page: 1, pageSize: 100 });
      printTable(
        data.list.map((w) => ({
          orderNo: w.orderNo,
          user: w.username,
          amount: formatMoney(w.amount),
          fee: formatMoney(w.feeAmount),
          net: formatMoney(w.netAmount),
          status: w.status,
          account: describeAccount(w.account),
          created: time(w.createdAt),
          ...(w.reason ? { reason: w.reason } : {}),
        })),
        data.total,
      );
      return;
    }
    case 'approve':
      return printStatus(await post(admin.withdrawalApprove, { orderNo: arg(args, 0, 'orderNo') }));
    case 'pay':
      return printStatus(await post(admin.withdrawalPay, { orderNo: arg(args, 0, 'orderNo') }));
    case 'reject': {
      const orderNo = arg(args, 0, 'orderNo');
      const reason = args.slice(1).join(' ').trim();
      if (!reason) throw new UsageError('reject needs a reason');
      return printStatus(await post(admin.withdrawalReject, { orderNo, reason }));
    }
    case 'adjust': {
      const { rest, turnover } = takeTurnover(args);
      const username = arg(rest, 0, 'username');
      const amount = minorUnits(arg(rest, 1, 'amount'));
      const reason = rest.slice(2).join(' ').trim();
      if (!reason) throw new UsageError('adjust needs a reason');
      const data = await post(admin.balanceAdjust, {
        username,
        amount,
        reason,
        requestId: randomUUID(),
        ...(turnover === undefined ? {} : { turnoverMultiple: turnover }),
      });
      console.log(
        `${data.username}: ${amount > 0 ? '+' : ''}${formatMoney(data.amount)}, balance now ${formatMoney(data.balance)}`,
      );
      return;
    }
    case 'waive-turnover': {
      const username = arg(args, 0, 'username');
      const reason = args.slice(1).join(' ').trim();
      if (!reason) throw new UsageError('waive-turnover needs a reason');
      const data = await post(admin.turnoverWaive, { username, reason });
      console.log(`${data.username}: turnover waived ${formatMoney(data.waived)}`);
      return;
    }
    case 'audit': {
      const time = await siteTime();
      const data = await post(admin.auditList, { page: 1, pageSize: 100, ...(args[0] ? { action: args[0] } : {}) });
      printTable(
        data.list.map((a) => ({
          at: time(a.at),
          operator: a.operator,
          action: a.action,
          target: a.target,
          payload: JSON.stringify(a.payload),
        })),
        data.total,
      );
      return;
    }
    case 'channels': {
      const data = await post(admin.channelsList, {});
      printTable(
        data.list.map((c) => ({
          id: String(c.id),
          name: c.name,
          type: c.type,
          adapter: c.adapter,
          enabled: c.enabled ? 'yes' : 'no',
          ...(c.available ? {} : { note: 'adapter off on this server' }),
          limits: `${formatMoney(c.minAmount)}–${formatMoney(c.maxAmount)}`,
        })),
        data.list.length,
      );
      return;
    }
    case 'channel-enable':
    case 'channel-disable': {
      const enabled = command === 'channel-enable';
      const data = await post(admin.channelSetEnabled, { id: whole(arg(args, 0, 'id')), enabled });
      console.log(`channel ${data.id} ${data.name}: ${data.enabled ? 'enabled' : 'disabled'}`);
      return;
    }
    case 'usdt-rate': {
      const rate = Number(arg(args, 0, 'rate'));
      if (!Number.isFinite(rate)) throw new UsageError(`not a rate: ${args[0]}`);
      const data = await post(admin.usdtRateSet, { rate });
      console.log(`USDT rate ${data.rate}${data.previous === null ? '' : ` (was ${data.previous})`}`);
      return;
    }
    case 'player-disable':
    case 'player-enable': {
      const username = arg(args, 0, 'username');
      const reason = args.slice(1).join(' ').trim();
      if (!reason) throw new UsageError(`${command} needs a reason`);
      const status = command === 'player-disable' ? 'disabled' : 'active';
      const data = await post(admin.playerSetStatus, { username, status, reason });
      console.log(
        `${data.username}: ${data.status}${data.sessionsEnded ? `, ${data.sessionsEnded} sessions ended` : ''}`,
      );
      return;
    }
    case 'matches': {
      const time = await siteTime();
      const data = await post(taiqiuAdmin.matchesList, {
        page: 1,
        pageSize: 100,
        ...(args[0] ? { status: args[0] } : {}),
      });
      printTable(
        data.list.map((m) => ({
          id: String(m.id),
          players: `${m.playerA.name} vs ${m.playerB.name}`,
          bestOf: String(m.bestOf),
          status: m.status,
          score: `${m.score.a}:${m.score.b}`,
          start: time(m.startAt),
          openBets: String(m.openBets),
          markets: m.markets
            .map((k) => `${k.id} ${k.type}${k.line === undefined ? '' : ` ${k.line}`} ${k.status}`)
            .join('; '),
        })),
        data.total,
      );
      return;
    }
    case 'match-create': {
      const data = await post(taiqiuAdmin.matchCreate, {
        playerA: arg(args, 0, 'playerA'),
        playerB: arg(args, 1, 'playerB'),
        bestOf: bestOf(arg(args, 2, 'bestOf')),
        startAt: await startTime(args[3] ?? '+10'),
      });
      console.log(`match ${data.id} created`);
      return;
    }
    case 'match-score': {
      const [matchId, a, b] = [whole(arg(args, 0, 'id')), whole(arg(args, 1, 'a')), whole(arg(args, 2, 'b'))];
      const data = await post(taiqiuAdmin.scoreSet, { matchId, a, b });
      console.log(`match ${data.id}: ${data.status} ${data.score.a}:${data.score.b}`);
      return;
    }
    case 'odds-set': {
      const odds = Number(arg(args, 1, 'odds'));
      if (!Number.isFinite(odds)) throw new UsageError(`not odds: ${args[1]}`);
      const data = await post(taiqiuAdmin.oddsSet, { selectionId: whole(arg(args, 0, 'selectionId')), odds });
      console.log(`market ${data.id}: ${data.selections.map((x) => `${x.id} ${x.name} ${x.odds}`).join(', ')}`);
      return;
    }
    case 'match-result': {
      const [matchId, a, b] = [whole(arg(args, 0, 'id')), whole(arg(args, 1, 'a')), whole(arg(args, 2, 'b'))];
      const data = await post(taiqiuAdmin.matchResult, { matchId, a, b });
      console.log(`match ${data.id}: ${data.status} ${a}:${b}, ${data.settledBets} bets settled`);
      return;
    }
    case 'match-cancel': {
      const reason = args.slice(1).join(' ').trim();
      const data = await post(taiqiuAdmin.matchCancel, {
        matchId: whole(arg(args, 0, 'id')),
        ...(reason ? { reason } : {}),
      });
      console.log(`match ${data.id}: ${data.status}, ${data.settledBets} bets void and refunded`);
      return;
    }
    case 'market-suspend':
    case 'market-open': {
      const call = command === 'market-suspend' ? taiqiuAdmin.marketSuspend : taiqiuAdmin.marketOpen;
      const data = await post(call, { marketId: whole(arg(args, 0, 'marketId')) });
      console.log(`market ${data.id}: ${data.status}`);
      return;
    }
    case 'providers': {
      const time = await siteTime();
      const data = await post(games.providersList, {});
      printTable(
        data.items.map((p) => ({
          id: p.id,
          name: p.name,
          enabled: p.enabled ? 'yes' : 'no',
          types: p.gameTypes.join(','),
          games: String(p.games),
          launchUrl: p.launchUrl,
          created: time(p.createdAt),
        })),
        data.items.length,
      );
      console.log(`\nour public key (providers verify our answers with it):\n${data.operatorPublicKey.trim()}`);
      return;
    }
    case 'provider-save': {
      const { rest, options } = takeOptions(args, ['id', 'name', 'types', 'key-file', 'launch-url']);
      if (rest.length) throw new UsageError(`provider-save takes options only, not ${rest.join(' ')}`);
      const id = option(options, 'id');
      const current = (await post(games.providersList, {})).items.find((p) => p.id === id);
      const types = options.types === undefined ? undefined : gameTypes(options.types);
      const key = options['key-file'] === undefined ? undefined : readBody(options['key-file']);
      const data = await post(games.providerSave, {
        id,
        name: keep(options.name, current?.name, 'name'),
        gameTypes: keep(types, current?.gameTypes, 'types'),
        publicKey: keep(key, current?.publicKey, 'key-file'),
        launchUrl: keep(options['launch-url'], current?.launchUrl, 'launch-url'),
      });
      console.log(
        `provider ${data.id} ${data.name} saved (${data.enabled ? 'enabled' : 'disabled'}, ${data.games} games)`,
      );
      return;
    }
    case 'provider-enable': {
      const data = await post(games.providerEnable, { id: arg(args, 0, 'id'), enabled: onOff(args[1]) });
      console.log(`provider ${data.id} ${data.name}: ${data.enabled ? 'enabled' : 'disabled'}`);
      return;
    }
    case 'games': {
      const { rest, options } = takeOptions(args, ['provider']);
      if (rest.length) throw new UsageError(`games takes --provider only, not ${rest.join(' ')}`);
      const data = await post(games.gamesList, {
        page: 1,
        pageSize: 100,
        ...(options.provider ? { providerId: options.provider } : {}),
      });
      printTable(
        data.list.map((g) => ({
          code: g.code,
          provider: g.providerId,
          type: g.gameType,
          name: g.name,
          nameEn: g.nameEn,
          enabled: g.enabled ? 'yes' : 'no',
          sort: String(g.sort),
          image: g.image,
        })),
        data.total,
      );
      return;
    }
    case 'game-save': {
      const { rest, options } = takeOptions(args, [
        'code',
        'provider',
        'name',
        'name-en',
        'type',
        'image',
        'sort',
        'max-win',
      ]);
      if (rest.length) throw new UsageError(`game-save takes options only, not ${rest.join(' ')}`);
      const code = option(options, 'code');
      const current = await findGame(code);
      const data = await post(games.gameSave, {
        code,
        providerId: keep(options.provider, current?.providerId, 'provider'),
        name: keep(options.name, current?.name, 'name'),
        nameEn: keep(options['name-en'], current?.nameEn, 'name-en'),
        gameType: keep(options.type, current?.gameType, 'type'),
        image: options.image ?? current?.image ?? '',
        sort: options.sort === undefined ? (current?.sort ?? 0) : whole(options.sort),
        maxWinMultiple: maxWinOption(options['max-win'], current?.maxWinMultiple ?? null),
      });
      console.log(`game ${data.code} ${data.name} saved (${data.enabled ? 'enabled' : 'disabled'})`);
      return;
    }
    case 'game-enable': {
      const data = await post(games.gameEnable, { code: arg(args, 0, 'code'), enabled: onOff(args[1]) });
      console.log(`game ${data.code} ${data.name}: ${data.enabled ? 'enabled' : 'disabled'}`);
      return;
    }
    case 'game-transactions': {
      const time = await siteTime();
      const { rest, options } = takeOptions(args, ['user']);
      if (rest.length) throw new UsageError(`game-transactions takes --user only, not ${rest.join(' ')}`);
      const data = await post(games.transactionsList, {
        page: 1,
        pageSize: 100,
        ...(options.user ? { username: options.user } : {}),
      });
      printTable(
        data.list.map((x) => ({
          at: time(x.createdAt),
          uuid: x.transactionUuid,
          provider: x.providerId,
          kind: x.kind,
          user: x.username ?? '',
          game: x.gameCode ?? '',
          round: x.round ?? '',
          amount: formatMoney(x.amount),
          status: x.status,
          betNo: x.betNo ?? '',
        })),
        data.total,
      );
      return;
    }
    case 'held-wins': {
      const time = await siteTime();
      const status = args[0] ?? 'waiting';
      if (!(games.heldWinStatuses as readonly string[]).includes(status)) {
        throw new UsageError(`status: one of ${games.heldWinStatuses.join(', ')}, not ${status}`);
      }
      const data = await post(games.heldWinsList, { status: status as games.HeldWinStatus, page: 1, pageSize: 100 });
      printTable(
        data.list.map((h) => ({
          id: String(h.id),
          user: h.username,
          game: h.gameCode,
          round: h.round,
          win: formatMoney(h.winAmount),
          credited: formatMoney(h.creditedAmount),
          held: formatMoney(h.amount),
          limit: `${h.maxWinMultiple}× ${formatMoney(h.roundStakes)}`,
          status: h.status,
          at: time(h.createdAt),
          ...(h.decidedBy ? { by: h.decidedBy, reason: h.reason ?? '' } : {}),
        })),
        data.total,
      );
      return;
    }
    case 'held-win-release':
    case 'held-win-refuse': {
      const id = whole(arg(args, 0, 'id'));
      const reason = args.slice(1).join(' ').trim();
      const release = command === 'held-win-release';
      if (!release && !reason) throw new UsageError('held-win-refuse needs a reason');
      const data = release
        ? await post(games.heldWinRelease, { id, ...(reason ? { reason } : {}) })
        : await post(games.heldWinRefuse, { id, reason });
      console.log(`held win ${data.id} (${formatMoney(data.amount)}, ${data.username}): ${data.status}`);
      return;
    }
    case 'create-operator': {
      const username = arg(args, 0, 'username');
      const role = arg(args, 1, 'role');
      if (!(admin.operatorRoles as readonly string[]).includes(role))
        throw new UsageError(`role: one of ${admin.operatorRoles.join(', ')}, not ${role}`);
      if (args.length > 2) throw new UsageError('create-operator takes no password argument: use OPERATOR_PASSWORD');
      const password = await operatorPassword();
      const data = await post(operatorAuth.operatorCreate, { username, password, role });
      console.log(`operator ${data.username} (${data.role}) created; the TOTP is set up at the first console login`);
      return;
    }
    case 'operator-disable':
    case 'operator-enable':
    case 'operator-reset-totp': {
      const username = arg(args, 0, 'username');
      const reason = args.slice(1).join(' ').trim();
      if (!reason) throw new UsageError(`${command} needs a reason`);
      const data =
        command === 'operator-reset-totp'
          ? await post(operatorAuth.operatorResetTotp, { username, reason })
          : await post(operatorAuth.operatorSetStatus, {
              username,
              reason,
              status: command === 'operator-disable' ? 'disabled' : 'active',
            });
      console.log(
        `operator ${data.username}: ${data.status}, TOTP ${data.totp ? 'set up' : 'to be set up at the next login'}`,
      );
      return;
    }
    case 'operators': {
      const time = await siteTime();
      const data = await post(operatorAuth.operatorsList, {});
      printTable(
        data.list.map((o) => ({
          username: o.username,
          role: o.role,
          status: o.status,
          totp: o.totp ? 'yes' : 'not yet',
          created: time(o.createdAt),
        })),
        data.list.length,
      );
      return;
    }
    case 'notices': {
      const time = await siteTime();
      const data = await post(adminConsole.noticesList, { page: 1, pageSize: 100 });
      printTable(
        data.list.map((n) => ({
          id: String(n.id),
          type: n.type,
          title: n.title,
          link: n.link ?? '',
          published: time(n.publishedAt),
          withdrawn: n.withdrawnAt ? time(n.withdrawnAt) : '',
        })),
        data.total,
      );
      return;
    }
    case 'notice-publish': {
      const { rest, options } = takeOptions(args, ['summary', 'link', 'en-title', 'en-body-file', 'en-summary']);
      const type = arg(rest, 0, 'notice|banner');
      if (type !== 'notice' && type !== 'banner') throw new UsageError(`type: notice or banner, not ${type}`);
      const body = readBody(arg(rest, 2, 'bodyFile'));
      const bodyEn = options['en-body-file'] === undefined ? undefined : readBody(options['en-body-file']);
      if ((options['en-title'] === undefined) !== (bodyEn === undefined))
        throw new UsageError('--en-title and --en-body-file go together');
      const data = await post(adminConsole.noticePublish, {
        type,
        title: arg(rest, 1, 'title'),
        summary: options.summary ?? summaryOf(body),
        body,
        ...(options.link ? { link: options.link } : {}),
        ...(bodyEn === undefined
          ? {}
          : { titleEn: options['en-title'], bodyEn, summaryEn: options['en-summary'] ?? summaryOf(bodyEn) }),
      });
      console.log(`${data.type} ${data.id} published: ${data.title}`);
      return;
    }
    case 'notice-withdraw': {
      const data = await post(adminConsole.noticeWithdraw, { id: whole(arg(args, 0, 'id')) });
      console.log(`${data.type} ${data.id} withdrawn: ${data.title}`);
      return;
    }
    case 'pages': {
      const time = await siteTime();
      const data = await post(adminConsole.contentPagesList, {});
      const pages = data.list.filter((p) => !args[0] || p.group === args[0]);
      printTable(
        pages.map((p) => ({
          key: p.key,
          lang: p.lang,
          group: p.group,
          category: p.category ?? '',
          sort: String(p.sort),
          title: p.title,
          updated: time(p.updatedAt),
        })),
        pages.length,
      );
      return;
    }
    case 'page-save':
    case 'help-save': {
      const help = command === 'help-save';
      const { rest, options } = takeOptions(args, help ? ['sort'] : ['group', 'sort']);
      const at = help ? 1 : 0;
      const data = await post(adminConsole.contentPageSave, {
        key: arg(rest, 0, 'key'),
        ...(help ? { group: 'help', category: arg(rest, 1, 'category') } : {}),
        ...(options.group ? { group: options.group } : {}),
        ...(options.sort ? { sort: whole(options.sort) } : {}),
        lang: arg(rest, at + 1, 'zh-CN|en'),
        title: arg(rest, at + 2, help ? 'question' : 'title'),
        body: readBody(arg(rest, at + 3, help ? 'answerFile' : 'bodyFile')),
      });
      console.log(`${data.group} page ${data.key} (${data.lang}) saved: ${data.title}`);
      return;
    }
    case 'site-contact': {
      const fields = ['email', 'phone', 'telegram', 'wechat', 'qq'] as const;
      const { rest, options } = takeOptions(args, fields);
      if (rest.length) throw new UsageError(`site-contact takes options only, not ${rest.join(' ')}`);
      const current = await post(adminConsole.siteContactGet, {});
      const data = Object.keys(options).length
        ? await post(adminConsole.siteContactSave, { ...current, ...options })
        : current;
      printTable(
        fields.map((f) => ({ field: f, value: data[f] })),
        fields.length,
      );
      return;
    }
    case 'sms-outbox': {
      const time = await siteTime();
      const mobile = args[0];
      if (mobile !== undefined && !/^\d{1,11}$/.test(mobile)) throw new UsageError(`not mobile digits: ${mobile}`);
      const data = await post(security.smsOutbox, { page: 1, pageSize: 50, ...(mobile ? { mobile } : {}) });
      printTable(
        data.list.map((m) => ({ at: time(m.createdAt), mobile: m.mobile, text: m.text })),
        data.total,
      );
      return;
    }
    case 'broadcast':
    case 'message': {
      const player = command === 'message' ? arg(args, 0, 'username') : undefined;
      const rest = player ? args.slice(1) : args;
      const title = arg(rest, 0, 'title');
      const body = rest.slice(1).join(' ').trim();
      if (!body) throw new UsageError(`${command} needs a body`);
      const data = await post(inbox.messageSend, {
        audience: player ? 'player' : 'all',
        ...(player ? { username: player } : {}),
        title,
        body,
      });
      console.log(`message ${data.id} sent to ${data.username ?? 'every player'}`);
      return;
    }
    case 'messages': {
      const time = await siteTime();
      const data = await post(inbox.messagesSent, { page: 1, pageSize: 100 });
      printTable(
        data.list.map((m) => ({
          id: String(m.id),
          to: m.username ?? '(all)',
          title: m.title,
          read: String(m.readCount),
          by: m.sentBy,
          sent: time(m.createdAt),
          ...(m.withdrawnAt ? { withdrawn: time(m.withdrawnAt) } : {}),
        })),
        data.total,
      );
      return;
    }
    case 'message-withdraw': {
      const data = await post(inbox.messageWithdraw, { id: whole(arg(args, 0, 'id')) });
      console.log(`message ${data.id} withdrawn`);
      return;
    }
    case 'feedback': {
      const time = await siteTime();
      if (args[0] !== undefined && args[0] !== 'open') throw new UsageError('feedback [open]');
      const data = await post(feedback.feedbackList, { page: 1, pageSize: 100, ...(args[0] ? { open: true } : {}) });
      printTable(
        data.list.map((f) => ({
          id: String(f.id),
          user: f.username,
          type: f.type,
          content: f.content.replace(/\s+/g, ' ').slice(0, 60),
          images: String(f.images.length),
          contact: f.contact ?? '',
          sent: time(f.createdAt),
          reply: f.reply ? f.reply.replace(/\s+/g, ' ').slice(0, 40) : '(open)',
        })),
        data.total,
      );
      return;
    }
    case 'feedback-reply': {
      const id = whole(arg(args, 0, 'id'));
      const reply = args.slice(1).join(' ').trim();
      if (!reply) throw new UsageError('feedback-reply needs a text');
      const data = await post(feedback.feedbackReply, { id, reply });
      console.log(`feedback ${data.id} of ${data.username} answered`);
      return;
    }
    case 'player-limits': {
      const time = await siteTime();
      const data = await post(limits.playerLimits, { username: arg(args, 0, 'username') });
      printTable(
        data.deposit.map((d) => ({
          period: d.period,
          limit: d.amount === null ? 'none' : formatMoney(d.amount),
          used: formatMoney(d.used),
          pending: d.pending
            ? `${d.pending.amount === null ? 'none' : formatMoney(d.pending.amount)} from ${time(d.pending.from)}`
            : '',
        })),
        data.deposit.length,
      );
      console.log(
        data.exclusion
          ? `self-excluded from ${time(data.exclusion.from)} until ${time(data.exclusion.until)} (cannot be lifted early)`
          : 'not self-excluded',
      );
      console.log(
        `reality reminder: ${data.reminderMinutes === null ? 'off' : `every ${data.reminderMinutes} minutes`}`,
      );
      return;
    }
    case 'agent-set': {
      const { rest, options } = takeOptions(args, ['kind', 'rates', 'ratio', 'reason'] as const);
      const current = await agentNamed(arg(rest, 0, 'username'));
      if (rest.length > 1) throw new UsageError(`agent-set takes one username, not ${rest.join(' ')}`);
      const reason = option(options, 'reason').trim();
      if (!reason) throw new UsageError('agent-set needs a reason');
      const kind = options.kind ?? current.kind;
      if (!(agent.memberKinds as readonly string[]).includes(kind))
        throw new UsageError(`--kind agent or member, not ${kind}`);
      const data = await post(agentsAdmin.agentProfileSave, {
        id: current.id,
        kind,
        rates: options.rates === undefined ? current.rates : { ...current.rates, ...ratesOption(options.rates) },
        dividendRatioBp: options.ratio === undefined ? current.dividendRatioBp : whole(options.ratio),
        reason,
      });
      console.log(`${data.username}: ${data.kind}, ${termsText(data)}`);
      return;
    }
    case 'agent-tree': {
      const time = await siteTime();
      const found = await agentNamed(arg(args, 0, 'username'));
      const data = await post(agentsAdmin.agentDetails, { id: found.id });
      console.log(
        `${data.username} (${data.kind}): ${termsText(data)}; ${data.directCount} direct, ${data.teamCount} in the team`,
      );
      const chain = data.chain.map((c) => c.username).join(' → ');
      console.log(`upline: ${chain || '(top level)'}`);
      const members = await post(agentsAdmin.agentsList, { parentId: data.id, page: 1, pageSize: 100 });
      printTable(
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
      return;
    }
    case 'agent-settle': {
      const { rest, options } = takeOptions(args, ['kind', 'period'] as const);
      if (rest.length > 0) throw new UsageError(`agent-settle takes options only, not ${rest.join(' ')}`);
      const kind = option(options, 'kind');
      if (!(agentSettlementsAdmin.settlementKinds as readonly string[]).includes(kind))
        throw new UsageError(`--kind commission or dividend, not ${kind}`);
      const data = await post(agentSettlementsAdmin.settlementRun, { kind, period: option(options, 'period') });
      console.log(
        data.alreadySettled
          ? `${data.kind} ${data.period}: settled before, nothing more paid`
          : `${data.kind} ${data.period}: ${data.statements} statement${data.statements === 1 ? '' : 's'}, ${formatMoney(data.paid)} paid`,
      );
      return;
    }
    case 'agent-statements': {
      const { rest, options } = takeOptions(args, ['kind', 'period', 'username'] as const);
      if (rest.length > 0) throw new UsageError(`agent-statements takes options only, not ${rest.join(' ')}`);
      const data = await post(agentSettlementsAdmin.statementsList, { ...options, page: 1, pageSize: 100 });
      printTable(
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
      console.log(`total paid: ${formatMoney(data.totalAmount)}`);
      return;
    }
    case 'agent-tiers': {
      const data = await post(agentSettlementsAdmin.platformTiersGet, {});
      printTiers(data.tiers);
      return;
    }
    case 'agent-tiers-set': {
      const { rest, options } = takeOptions(args, ['tiers', 'reason'] as const);
      if (rest.length > 0) throw new UsageError(`agent-tiers-set takes options only, not ${rest.join(' ')}`);
      const reason = option(options, 'reason').trim();
      if (!reason) throw new UsageError('agent-tiers-set needs a reason');
      const data = await post(agentSettlementsAdmin.platformTiersSave, {
        tiers: tiersOption(option(options, 'tiers')),
        reason,
      });
      printTiers(data.tiers);
      return;
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

/** OPERATOR_PASSWORD, else asked twice on the terminal without echo. */
async function operatorPassword(): Promise<string> {
  const fromEnv = process.env.OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new UsageError('set OPERATOR_PASSWORD, or run on a terminal to be asked for it');
  const first = await askHidden('password (at least 12 characters): ');
  const again = await askHidden('the same again: ');
  if (first !== again) throw new UsageError('the two passwords differ');
  return first;
}

/** Reads a line from the terminal in raw mode, echoing nothing. */
function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  return new Promise((resolvePassword, reject) => {
    let text = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          resolvePassword(text);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new UsageError('cancelled'));
          return;
        }
        text = ch === '\u007f' || ch === '\b' ? text.slice(0, -1) : text + ch;
      }
    };
    stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

function bestOf(text: string): (typeof taiqiu.BEST_OF)[number] {
  const n = taiqiu.BEST_OF.find((b) => b === Number(text));
  if (!n) throw new UsageError(`best of ${taiqiu.BEST_OF.join(', ')}, not ${text}`);
  return n;
}

/**
 * `+N` minutes from now, the site's wall clock (`2026-11-28 18:00`, in its zone whatever this
 * machine's), or an ISO-8601 time with its offset (`2026-11-28T10:00Z`).
 */
async function startTime(text: string): Promise<string> {
  const minutes = /^\+(\d+)$/.exec(text);
  if (minutes) return new Date(Date.now() + Number(minutes[1]) * 60_000).toISOString();
  const wall = instantInZone(text, (await siteConfig()).timeZone);
  if (wall) return wall.toISOString();
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(text) || Number.isNaN(Date.parse(text)))
    throw new UsageError(`not a start time: ${text}`);
  return new Date(text).toISOString();
}

/** `--name value` options among the arguments; an unknown `--option` is a usage error. */
function takeOptions<N extends string>(
  args: string[],
  names: readonly N[],
): { rest: string[]; options: Partial<Record<N, string>> } {
  const rest: string[] = [];
  const options: Partial<Record<N, string>> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) {
      rest.push(a);
      continue;
    }
    const name = a.slice(2) as N;
    if (!names.includes(name)) throw new UsageError(`unknown option ${a} (${names.map((n) => `--${n}`).join(', ')})`);
    const value = args[++i];
    if (value === undefined) throw new UsageError(`${a} needs a value`);
    options[name] = value;
  }
  return { rest, options };
}

/** A file the command names: a page or notice body (HTML; the server sanitizes it), a provider's key. */
function readBody(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${err instanceof Error ? err.message : err}`);
  }
}

/** The first words of an HTML body, as plain text, for a notice's summary. */
function summaryOf(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A `--name` option the command cannot do without. */
function option<N extends string>(options: Partial<Record<N, string>>, name: N): string {
  const value = options[name];
  if (value === undefined) throw new UsageError(`missing --${name}`);
  return value;
}

/** An option given, else what the provider or game being changed has; a new one needs it. */
function keep<T>(given: T | undefined, current: T | undefined, name: string): T {
  const value = given ?? current;
  if (value === undefined) throw new UsageError(`missing --${name} (needed for a new one)`);
  return value;
}

function onOff(text: string | undefined): boolean {
  if (text !== 'on' && text !== 'off') throw new UsageError(`on or off, not ${text ?? 'nothing'}`);
  return text === 'on';
}

/** A game's own win limit: `--max-win N`, `default` (none of its own), else as it was; null: the default. */
function maxWinOption(text: string | undefined, current: number | null): number | null {
  if (text === undefined) return current;
  return text === 'default' ? null : whole(text);
}

/** `slots,poker` → the lobby's game types. */
function gameTypes(text: string): games.LobbyGameType[] {
  const types = text.split(',').map((x) => x.trim());
  const known: readonly string[] = games.lobbyGameTypes;
  const unknown = types.filter((x) => !known.includes(x));
  if (unknown.length) throw new UsageError(`game types: ${games.lobbyGameTypes.join(', ')}, not ${unknown.join(', ')}`);
  return types as games.LobbyGameType[];
}

/** A game of the catalogue by its code (the list has no lookup by code: read it page by page). */
async function findGame(code: string): Promise<games.AdminGame | undefined> {
  for (let page = 1; ; page++) {
    const data = await post(games.gamesList, { page, pageSize: 100 });
    const found = data.list.find((g) => g.code === code);
    if (found || page * 100 >= data.total) return found;
  }
}

/** The player of this exact name (case-insensitive) with its terms, by the console's search. */
async function agentNamed(username: string): Promise<agentsAdmin.AgentRow> {
  for (let page = 1; ; page++) {
    const data = await post(agentsAdmin.agentsList, { keyword: username.slice(0, 32), page, pageSize: 100 });
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

function printTiers(tiers: agentReports.PlatformTier[]): void {
  printTable(
    tiers.map((t) => ({ game: t.gameType, teamValidBet: formatMoney(t.minValidBet), rate: `${t.rateBp / 100}%` })),
    tiers.length,
  );
}

/** "taiqiu 1.2% slots 0.8% poker 0.5%, dividend 30%" */
function termsText(t: { rates: agent.CommissionRates; dividendRatioBp: number }): string {
  const rates = bets.gameTypes.map((g) => `${g} ${t.rates[g] / 100}%`).join(' ');
  return `${rates}, dividend ${t.dividendRatioBp / 100}%`;
}

function arg(args: string[], i: number, name: string): string {
  const value = args[i];
  if (!value) throw new UsageError(`missing <${name}>`);
  return value;
}

function takeTurnover(args: string[]): { rest: string[]; turnover: number | undefined } {
  const i = args.indexOf('--turnover');
  if (i < 0) return { rest: args, turnover: undefined };
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new UsageError('--turnover needs a whole number ≥ 0');
  return { rest: [...args.slice(0, i), ...args.slice(i + 2)], turnover: n };
}

function whole(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new UsageError(`not a whole number: ${text}`);
  return Number(text);
}

/** "100.50" → 10050, "-20" → -2000; at most two decimals. */
/** Yuan to minor units; 0 only with `zero` (an adjustment by 0 is no adjustment). */
function minorUnits(text: string, { zero = false } = {}): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new UsageError(`not an amount in yuan: ${text} (e.g. 100.50 or -20)`);
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if ((value === 0 && !zero) || !Number.isSafeInteger(value))
    throw new UsageError(`not an amount${zero ? '' : ' to adjust by'}: ${text}`);
  return m[1] ? -value : value;
}

/** Times as the site's wall clock with its offset, `2026-11-28 18:00 (UTC+8)`, whatever this machine's zone. */
async function siteTime(): Promise<(iso: string) => string> {
  const { timeZone } = await siteConfig();
  return (iso) => formatInZone(iso, timeZone, { offset: true });
}

function describeAccount(a: { type: string } & Record<string, string | undefined>): string {
  const parts = [
    a.type,
    a.network,
    a.bankName,
    a.branch,
    a.address,
    a.cardNumber,
    a.wechatId,
    a.account,
    a.holder ?? a.realName,
  ];
  return parts.filter(Boolean).join(' ');
}

function printStatus(data: { orderNo: string; status: string }): void {
  console.log(`${data.orderNo}: ${data.status}`);
}

/** Columns padded to their widest cell (CJK characters count double). */
function printTable(rows: Row[], total: number): void {
  if (rows.length === 0) {
    console.log('(none)');
    return;
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const widths = columns.map((c) => Math.max(width(c), ...rows.map((r) => width(r[c] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell + ' '.repeat((widths[i] ?? 0) - width(cell)))
      .join('  ')
      .trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => row[c] ?? '')));
  if (total > rows.length) console.log(`(${rows.length} of ${total})`);
}

const width = (s: string) =>
  [...s].reduce((n, ch) => n + (/[\u1100-\uffdc]/.test(ch) && !/[\u2010-\u27bf]/.test(ch) ? 2 : 1), 0);

async function post<C extends admin.AdminCall>(
  call: C,
  body: Record<string, unknown>,
): Promise<z.output<C['response']> extends { data: infer D } ? D : never> {
  const payload = JSON.stringify(body);
  return (await send(`${admin.ADMIN_PREFIX}${call.path}`, 'POST', payload, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    [admin.ADMIN_TOKEN_HEADER]: token(),
  })) as never;
}

/** The site's config (GET config, as the player app reads it): its time zone. */
async function siteConfig(): Promise<SysConfig> {
  return ((await send(`${API_PREFIX}${system.getConfig.path}`, 'GET', '', {})) as { sys: SysConfig }).sys;
}

/** One call to the server; resolves with the envelope's data. */
async function send(path: string, method: 'GET' | 'POST', payload: string, headers: Record<string, string>) {
  const base = process.env.ADMIN_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;
  const url = new URL(`${base.replace(/\/$/, '')}${path}`);
  let res: { status: number; text: string };
  try {
    res = await request(url, method, payload, headers);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(`cannot reach the server at ${base}: ${err instanceof Error ? err.message : err}`);
  }
  if (res.status !== 200) throw new ApiError(`HTTP ${res.status} from ${base}`);
  const envelope = JSON.parse(res.text) as { code: number; msg: string; data: unknown };
  if (envelope.code !== 200) throw new ApiError(`${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * One request with node:http(s), not fetch: Node's fetch sends `Sec-Fetch-Mode: cors` like a
 * browser, and the server refuses the operator token from anything that looks like one.
 */
function request(
  url: URL,
  method: 'GET' | 'POST',
  payload: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const transport = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolveResponse, reject) => {
    const req = transport(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolveResponse({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function token(): string {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  const file = resolve(dataDirOf(process.env), ADMIN_TOKEN_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new ApiError(`no operator token: set ADMIN_TOKEN or start the server so that it writes ${file}`);
  }
}

try {
  await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (err instanceof ApiError) {
    console.error(err.message);
    process.exitCode = 1;
  } else {
    throw err;
  }
}
