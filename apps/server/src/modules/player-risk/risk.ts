import { count, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode, playerRiskAdmin as contract } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { queryRows, type Conn, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { usernamesOf } from '../auth/service.js';
import { playerNotes } from './tables.js';
import { replaceTags, tagsOf } from './tags.js';

/*
 * The player's tags and notes as the console reads and writes them (docs/design.md §9, "Player
 * risk"); every write is audited, and writes on one player take turns (PLAYER_RISK_LOCK) so the
 * audit's "before" is what the write replaced.
 */

type TagsInput = z.output<(typeof contract)['playerTagsSet']['request']>;
type NoteInput = z.output<(typeof contract)['playerNoteAdd']['request']>;

const PLAYER_RISK_LOCK = 7_204_961;

export async function playerRiskOf(db: Conn, userId: number): Promise<contract.PlayerRiskView> {
  await refuseUnlessPlayer(db, userId);
  return viewOf(db, userId);
}

async function viewOf(db: Conn, userId: number): Promise<contract.PlayerRiskView> {
  const [tags, notes, [total]] = await Promise.all([
    tagsOf(db, [userId]),
    db
      .select()
      .from(playerNotes)
      .where(eq(playerNotes.userId, userId))
      .orderBy(desc(playerNotes.writtenAt), desc(playerNotes.id))
      .limit(contract.NOTES_SHOWN),
    db.select({ n: count() }).from(playerNotes).where(eq(playerNotes.userId, userId)),
  ]);
  return {
    userId,
    tags: tags.get(userId) ?? [],
    notes: notes.map((n) => ({ id: n.id, body: n.body, by: n.writtenBy, at: n.writtenAt.toISOString() })),
    noteCount: total?.n ?? 0,
  };
}

/** Makes the player's tags these, audited with what they were. */
export const operatorSetTags = (ctx: AppContext, operator: string, input: TagsInput) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      await lockPlayer(tx, input.userId);
      const before = (await tagsOf(tx, [input.userId])).get(input.userId) ?? [];
      await replaceTags(tx, input.userId, input.tags, operator, ctx.now());
      return { before, view: await viewOf(tx, input.userId) };
    },
    ({ before, view }) => ({
      action: 'players.tags',
      target: `user ${input.userId}`,
      payload: input,
      before: { tags: before },
      after: { tags: view.tags },
    }),
  ).then(({ view }) => view);

/** Adds the operator's note to the player, audited. */
export const operatorAddNote = (ctx: AppContext, operator: string, input: NoteInput) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      await lockPlayer(tx, input.userId);
      await tx
        .insert(playerNotes)
        .values({ userId: input.userId, body: input.body, writtenBy: operator, writtenAt: ctx.now() });
      return viewOf(tx, input.userId);
    },
    { action: 'players.note', target: `user ${input.userId}`, payload: input },
  );

async function lockPlayer(tx: Tx, userId: number): Promise<void> {
  await refuseUnlessPlayer(tx, userId);
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${PLAYER_RISK_LOCK}, ${userId}::int)`);
}

export async function refuseUnlessPlayer(db: Conn, userId: number): Promise<void> {
  if (!(await usernamesOf(db, [userId])).has(userId)) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
}
