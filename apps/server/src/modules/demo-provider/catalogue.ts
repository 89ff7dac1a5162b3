import type { Conn } from '../../platform/db.js';
import { ensureGame, ensureProvider } from '../games/service.js';

/* The demo provider as the games module knows it: a provider like any other, with two games. */

export const DEMO_PROVIDER_ID = 'demo';
export const SLOT_GAME = 'demo-slot';
export const INSURANCE_GAME = 'demo-insurance';
export type DemoGame = typeof SLOT_GAME | typeof INSURANCE_GAME;

/** Where game/launch sends the player's browser. */
export const PLAY_PATH = '/demo-provider/play';
/** The pages' scripts, styles and pictures (apps/server/demo-provider/). */
export const STATIC_PREFIX = '/demo-provider/static/';

/** Registers the provider (verified with this public key) and its games; keeps whatever the operator switched off. */
export async function registerCatalogue(db: Conn, publicKey: string): Promise<void> {
  await ensureProvider(db, {
    id: DEMO_PROVIDER_ID,
    name: '演示游戏',
    gameTypes: ['slots', 'poker'],
    publicKey,
    launchUrl: PLAY_PATH,
  });
  await ensureGame(db, {
    code: SLOT_GAME,
    providerId: DEMO_PROVIDER_ID,
    name: '幸运九宫格',
    nameEn: 'Lucky Nine',
    gameType: 'slots',
    image: `${STATIC_PREFIX}lucky-nine.svg`,
    sort: 1,
  });
  await ensureGame(db, {
    code: INSURANCE_GAME,
    providerId: DEMO_PROVIDER_ID,
    name: '德州保险',
    nameEn: 'Hold’em Insurance',
    gameType: 'poker',
    image: `${STATIC_PREFIX}holdem-insurance.svg`,
    sort: 2,
  });
}
