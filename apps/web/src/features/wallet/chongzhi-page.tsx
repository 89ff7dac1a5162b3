import { useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { DepositForm } from './deposit-form';
import { DepositRecords } from './deposit-records';
import './i18n';
import { PageTabs } from './wallet-ui';

type Tab = 'pay' | 'records';

/** /user/chongzhi: channels, amount, confirm → pay page or manual instructions; records tab (?tab=records). */
export default function ChongzhiPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'records' ? 'records' : 'pay';
  return (
    <div className="page wallet">
      <PageTabs<Tab>
        value={tab}
        onChange={(k) => setParams(k === 'records' ? { tab: 'records' } : {}, { replace: true })}
        options={[
          { key: 'pay', label: t('wallet.deposit.tabPay') },
          { key: 'records', label: t('wallet.deposit.tabRecords') },
        ]}
      />
      {tab === 'pay' ? <DepositForm /> : <DepositRecords />}
    </div>
  );
}
