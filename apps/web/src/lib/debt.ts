import * as routes from '@breakshot/client/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from './http';
import { walletKeys } from './wallet-keys';

/**
 * What the player owes after a result correction took back a payout (docs/design.md §9, "Result
 * corrections"), with its latest moves. Under 'user': BALANCE_UPDATED (a correction, a deposit
 * that clears it) refreshes it.
 */
export const useDebt = () => useQuery({ queryKey: walletKeys.debt(), queryFn: () => call(routes.wallet.debt, {}) });
