import { PageTabs } from '../../components/ui/page-tabs';
import { useT } from '../../lib/i18n';
import { DepositForm } from './deposit-form';
import { DepositRecords } from './deposit-records';
import './i18n';

/** /user/chongzhi: channels, amount, confirm → pay page or manual instructions; records tab (?tab=records). */
export default function ChongzhiPage() {
  const { t } = useT();
  return (
    <div className="page wallet">
      <PageTabs
        tabs={[
          { key: 'pay', label: t('wallet.deposit.tabPay'), content: <DepositForm /> },
          { key: 'records', label: t('wallet.deposit.tabRecords'), content: <DepositRecords /> },
        ]}
      />
    </div>
  );
}
