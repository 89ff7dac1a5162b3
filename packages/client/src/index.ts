export {
  createClient,
  DEFAULT_TIMEOUT_MS,
  type CallInput,
  type Client,
  type ClientOptions,
  type Transport,
} from './client.js';
export { ApiError, type FailureReason } from './errors.js';
export type { HttpMethod, Route } from './route.js';
export {
  createSessionStore,
  type SessionStorage,
  type SessionStore,
  type SessionStoreOptions,
} from './session-store.js';
