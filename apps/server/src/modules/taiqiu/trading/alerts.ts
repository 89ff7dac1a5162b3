import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode, type taiqiuAdmin } from '@breakshot/contracts';
import { audited } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import type { Conn, Tx } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { usernamesOf } from '../../auth/service.js';
import { marketName } from '../labels.js';
import { playersOf } from '../views.js';
import { alerts, markets, matches, type AlertRow } from '../tables.js';

/*
 * Alerts to the traders (docs/design.md §9, "Limits"): a market suspended at its liability limit,
 * a big bet, a player backing a second selection of a market, and two linked players on
 * opposite sides (linked-sides.ts). Raised in the transaction of what they report; a trader
 * acknowledges each, audited.
 */

type NewAlert = Pick<AlertRow, 'kind' | 'matchId' | 'marketId' | 'amount'> &
  Partial<Pick<AlertRow, 'userId' | 'betNo' | 'linkedUserId'>>;

export async function raiseAlert(tx: Tx, ctx: AppContext, alert: NewAlert): Promise<void> {
  await tx.insert(alerts).values({ ...alert, at: ctx.now() });
}

/** raiseAlert, unless the market's pair of linked players was reported already (one alert each). */
export async function raiseLinkedAlert(tx: Tx, ctx: AppContext, alert: Omit<NewAlert, 'kind'>): Promise<boolean> {
  const raised = await tx
    .insert(alerts)
    .values({ ...alert, kind: 'linked_sides', at: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: alerts.id });
  return raised.length > 0;
}

/** How many alerts wait for a trader (the console's menu badge). */
export async function openAlertCount(db: Conn): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(isNull(alerts.ackedAt));
  return row!.n;
}

/** Alerts newest first, as the console lists them, with how many are not acknowledged. */
export async function alertsForOperator(
  ctx: AppContext,
  input: { page: number; pageSize: number; open?: boolean | undefined },
) {
  const where = input.open ? isNull(alerts.ackedAt) : undefined;
  const [rows, [total], open] = await Promise.all([
    ctx.db
      .select()
      .from(alerts)
      .where(where)
      .orderBy(desc(alerts.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(alerts).where(where),
    openAlertCount(ctx.db),
  ]);
  return {
    list: await viewsOf(ctx.db, rows),
    total: total!.n,
    open,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Acknowledges an alert (once: again answers it as it is), audited. */
export const operatorAckAlert = (ctx: AppContext, operator: string, input: { id: number }) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const [row] = await tx.select().from(alerts).where(eq(alerts.id, input.id)).for('update');
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'alertNotFound');
      if (row.ackedAt) return row;
      const [acked] = await tx
        .update(alerts)
        .set({ ackedBy: operator, ackedAt: ctx.now() })
        .where(and(eq(alerts.id, input.id), isNull(alerts.ackedAt)))
        .returning();
      return acked!;
    },
    (row) => ({ action: 'taiqiu.alert.ack', target: `alert ${input.id}`, payload: input, after: { kind: row.kind } }),
  ).then(async (row) => (await viewsOf(ctx.db, [row]))[0]!);

/** The alerts with their match's players, market's name and player's name. */
async function viewsOf(db: Conn, rows: AlertRow[]): Promise<taiqiuAdmin.Alert[]> {
  if (rows.length === 0) return [];
  const [matchRows, marketRows, names] = await Promise.all([
    db
      .select()
      .from(matches)
      .where(inArray(matches.id, [...new Set(rows.map((r) => r.matchId))])),
    db
      .select()
      .from(markets)
      .where(inArray(markets.id, [...new Set(rows.map((r) => r.marketId))])),
    usernamesOf(db, [...new Set(rows.flatMap((r) => [r.userId, r.linkedUserId].filter((id) => id !== null)))]),
  ]);
  const matchOf = new Map(matchRows.map((m) => [m.id, m]));
  const marketOf = new Map(marketRows.map((m) => [m.id, m]));
  return rows.map((r) => {
    const match = matchOf.get(r.matchId);
    const market = marketOf.get(r.marketId);
    const players = match ? playersOf(match) : null;
    return {
      id: r.id,
      kind: r.kind,
      matchId: r.matchId,
      matchName: players ? `${players.a} vs ${players.b}` : `#${r.matchId}`,
      marketId: r.marketId,
      marketName: market ? marketName(market.type, 'zh-CN', market) : `#${r.marketId}`,
      userId: r.userId,
      username: r.userId === null ? null : (names.get(r.userId) ?? null),
      betNo: r.betNo,
      amount: r.amount,
      at: r.at.toISOString(),
      ackedBy: r.ackedBy,
      ackedAt: r.ackedAt?.toISOString() ?? null,
      linkedUserId: r.linkedUserId,
      linkedUsername: r.linkedUserId === null ? null : (names.get(r.linkedUserId) ?? null),
    };
  });
}
