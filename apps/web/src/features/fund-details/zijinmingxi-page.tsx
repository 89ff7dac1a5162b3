import { DebtNotice } from '../../components/wallet/debt-notice';
import { LedgerList } from '../../components/wallet/ledger-list';
import { pathTo } from '../../lib/paths';
import { walletKeys } from '../../lib/wallet-keys';
import { fetchBalanceDetails } from './api/balance-details';

/**
 * /user/zijinmingxi: what a result correction left the player owing, if anything; every ledger
 * entry of the player's balance, filtered by type and date.
 */
export default function ZijinmingxiPage() {
  return (
    <div className="page wallet">
      <DebtNotice />
      <LedgerList
        queryKey={walletKeys.ledger}
        fetchPage={fetchBalanceDetails}
        entryLink={(e) => pathTo('mingxiDetails', {}, { id: e.id })}
      />
    </div>
  );
}
