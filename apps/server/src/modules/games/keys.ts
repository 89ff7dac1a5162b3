import type { AppContext } from '../../platform/context.js';
import { publicOf, storedKeyPair, type KeyPair } from '../../platform/signing.js';

/** The server_keys name of the operator's seamless-wallet key pair when the environment gives none. */
const STORED_KEY = 'operator-wallet';

const pairs = new WeakMap<AppContext, Promise<KeyPair>>();

/**
 * The key pair our wallet answers are signed with: OPERATOR_WALLET_PRIVATE_KEY when set, else
 * one made and stored on first use. Read once per app.
 */
export function walletKeys(ctx: AppContext): Promise<KeyPair> {
  let pair = pairs.get(ctx);
  if (!pair) {
    const configured = ctx.operatorWalletKey;
    pair = configured
      ? Promise.resolve({ privatePem: configured, publicPem: publicOf(configured) })
      : storedKeyPair(ctx, STORED_KEY);
    // A failed read (database down) is tried again next time.
    pair.catch(() => pairs.delete(ctx));
    pairs.set(ctx, pair);
  }
  return pair;
}

/** The PEM providers verify our answers with. */
export const walletPublicKey = async (ctx: AppContext): Promise<string> => (await walletKeys(ctx)).publicPem;
