import { useSearchParams } from 'react-router';
import '../../components/ui/ui-i18n';
import { useT } from '../../lib/i18n';
import './i18n';
import { PageTabs } from './wallet-ui';
import { WithdrawForm } from './withdraw-form';
import { WithdrawRecords } from './withdraw-records';

type Tab = 'form' | 'records';

/** /user/qukuan: the withdrawal form; records tab (?tab=records) with date filter and status chips. */
export default function QukuanPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'records' ? 'records' : 'form';
  return (
    <div className="page wallet">
      <PageTabs<Tab>
        value={tab}
        onChange={(k) => setParams(k === 'records' ? { tab: 'records' } : {}, { replace: true })}
        options={[
          { key: 'form', label: t('wallet.withdraw.tabForm') },
          { key: 'records', label: t('wallet.withdraw.tabRecords') },
        ]}
      />
      {tab === 'form' ? <WithdrawForm /> : <WithdrawRecords />}
    </div>
  );
}
