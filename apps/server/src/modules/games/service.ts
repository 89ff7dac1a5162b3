/*
 * Provider games (docs/design.md §8): what other modules use. A provider built into this server (the
 * demo provider) registers itself and its games at start, and verifies our answers with our key.
 */
export {
  ensureGame,
  ensureProvider,
  gameByCode,
  providerNames,
  type GameInput,
  type ProviderInput,
} from './catalogue.js';
export { providerBet } from './provider-bet.js';
export { walletPublicKey } from './keys.js';
export { TOKEN_TTL_MS } from './launch.js';
