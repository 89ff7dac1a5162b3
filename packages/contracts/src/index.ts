export * from './common.js';
export * from './fields.js';
export * from './messages.js';
export * from './live.js';
export * as system from './system.js';
export * as auth from './auth.js';
export type { SysConfig } from './system.js';
export type { UserInfo } from './auth.js';
