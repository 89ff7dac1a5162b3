import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../../src/platform/db.js';
import { prepareDatabase } from '../../../src/seed/prepare.js';
import { setWithdrawalsPerDay } from '../../../src/modules/withdrawals/settings.js';
import { ensureGame, ensureProvider } from '../../../src/modules/games/service.js';
import { newKeyPair, type KeyPair } from '../../../src/platform/signing.js';
import { freshDatabase, TEST_SERVER_URL } from '../../helpers/test-db.js';

/**
 * The crash run's own database, which the server process and this test open in turn: a fresh
 * PostgreSQL database when the suite runs on one (DATABASE_URL), else a PGlite data folder in a
 * temporary directory. The server's DATA_DIR is that directory either way (its token and key files).
 */
export interface CrashDatabase {
  kind: 'PGlite' | 'PostgreSQL';
  /** What the server process needs to find it. */
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

export async function crashDatabase(): Promise<CrashDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'breakshot-crash-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (TEST_SERVER_URL) {
    const fresh = await freshDatabase();
    return {
      kind: 'PostgreSQL',
      env: { DATABASE_URL: fresh.url ?? '', DATA_DIR: dir },
      open: () => fresh.open(),
      dispose: async () => {
        await fresh.drop();
        removeDir();
      },
    };
  }
  const dataDir = join(dir, 'data');
  return {
    kind: 'PGlite',
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    dispose: async () => removeDir(),
  };
}

export interface TestProviderKeys {
  id: string;
  keys: KeyPair;
  game: string;
}

/**
 * What no player or operator call sets up, written before the server first starts: the schema
 * and seed, withdrawals per day high enough for the load, and a game provider with its key pair.
 */
export async function prepareCrashDatabase(database: Database): Promise<TestProviderKeys> {
  await prepareDatabase(database, new Date(), { sandboxPay: true });
  await setWithdrawalsPerDay(database.db, 0, 1_000_000);
  const id = `crash${process.pid}`;
  const keys = newKeyPair();
  await ensureProvider(database.db, {
    id,
    name: 'Crash test games',
    gameTypes: ['slots'],
    publicKey: keys.publicPem,
    launchUrl: 'https://games.example/play',
  });
  const game = `${id}-slot`;
  await ensureGame(database.db, {
    code: game,
    providerId: id,
    name: '崩溃测试老虎机',
    nameEn: 'Crash Slot',
    gameType: 'slots',
    image: '',
    sort: 1,
  });
  return { id, keys, game };
}
