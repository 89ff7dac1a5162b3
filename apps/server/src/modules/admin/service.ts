/*
 * The admin module's public face: what other modules call of the operator's own actions (the
 * demo agent team's starting balance is an operator's credit; a production start disables it).
 */
export { adjustBalance, type AdjustInput } from './adjust.js';
export { setPlayerStatus } from './player-status.js';
