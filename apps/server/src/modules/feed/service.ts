/* What other modules use of the data feed: a built-in feed client's provider and key; the operator's entries in a match's log. */
export { ensureProviderKey, type ProviderSettings } from './providers.js';
export { signFeedBody } from './keys.js';
export { logOperatorEntry } from './operator-entries.js';
