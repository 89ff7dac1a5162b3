import { PageTabs } from '../../components/ui/page-tabs';
import '../../components/ui/ui-i18n';
import { useT } from '../../lib/i18n';
import './i18n';
import { WithdrawForm } from './withdraw-form';
import { WithdrawRecords } from './withdraw-records';

/** /user/qukuan: the withdrawal form; records tab (?tab=records) with date filter and status chips. */
export default function QukuanPage() {
  const { t } = useT();
  return (
    <div className="page wallet">
      <PageTabs
        tabs={[
          { key: 'form', label: t('wallet.withdraw.tabForm'), content: <WithdrawForm /> },
          { key: 'records', label: t('wallet.withdraw.tabRecords'), content: <WithdrawRecords /> },
        ]}
      />
    </div>
  );
}
