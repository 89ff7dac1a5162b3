/* What other modules use of the data feed: a built-in feed client's provider and key. */
export { ensureProviderKey, type ProviderSettings } from './providers.js';
export { signFeedBody } from './keys.js';
