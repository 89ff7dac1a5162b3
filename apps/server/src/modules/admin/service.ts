/*
 * The admin module's public face: what other modules call of the operator's own actions (the
 * demo agent team's starting balance is an operator's credit).
 */
export { adjustBalance, type AdjustInput } from './adjust.js';
