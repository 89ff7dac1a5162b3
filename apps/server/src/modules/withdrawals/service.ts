// The module's public face: what other modules (the operator area) may call.
export { listWithdrawals, reviewWithdrawal, type ReviewAction } from './review.js';
