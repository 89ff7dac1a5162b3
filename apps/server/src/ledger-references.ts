// Each list lives beside the money move it explains (the root may read a module's inner files).
import { adjustmentLedgerReferences } from './modules/admin/adjust.js';
import { statementLedgerReferences } from './modules/agents/settlement/settle.js';
import { agentTransferLedgerReferences } from './modules/agents/transfer.js';
import { betLedgerReferences, betReferenceContext } from './modules/bets/service.js';
import { heldWinLedgerReferences } from './modules/games/held-wins.js';
import { providerLedgerReferences } from './modules/games/wallet-store.js';
import { depositLedgerReferences } from './modules/payments/service.js';
import { rebateLedgerReferences } from './modules/rebates/claim.js';
import { rewardLedgerReferences } from './modules/rewards/service.js';
import { cashoutLedgerReferences } from './modules/taiqiu/cashout/take.js';
import { correctionLedgerReferences } from './modules/taiqiu/corrections/apply.js';
import { debtLedgerReferences } from './modules/wallet/debts.js';
import {
  registerLedgerReference,
  registerReferenceContext,
  type LedgerReference,
} from './modules/wallet/references.js';
import { withdrawalLedgerReferences } from './modules/withdrawals/review.js';

/**
 * Every kind of money move with the business row that explains it (wallet/check.ts reads them),
 * listed by the module that moves it and assembled here, not registered as a side effect of an
 * import: the server, `ledger:check`, `db:export`/`db:import` and the benchmarks call
 * registerLedgerReferences() before they check or copy the ledger.
 */
export const LEDGER_REFERENCES: readonly LedgerReference[] = [
  ...depositLedgerReferences,
  ...withdrawalLedgerReferences,
  ...betLedgerReferences,
  ...cashoutLedgerReferences,
  ...providerLedgerReferences,
  ...heldWinLedgerReferences,
  ...rebateLedgerReferences,
  ...rewardLedgerReferences,
  ...agentTransferLedgerReferences,
  ...statementLedgerReferences,
  ...adjustmentLedgerReferences,
  ...correctionLedgerReferences,
  ...debtLedgerReferences,
];

/** Registers every reference and the columns fund details show beside one (idempotent). */
export function registerLedgerReferences(): void {
  for (const reference of LEDGER_REFERENCES) registerLedgerReference(reference);
  registerReferenceContext(betReferenceContext);
}
