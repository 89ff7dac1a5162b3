import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import { useNavigate } from 'react-router';
import { InfoState } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';

/** The one shared page for routes whose page belongs to a later issue. */
export default function NotAvailablePage() {
  const { t } = useT();
  const navigate = useNavigate();
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <InfoState
      icon={<ClockCircleOutline />}
      title={t('common.notAvailable')}
      text={t('common.notAvailableHint')}
      action={
        <div style={{ display: 'flex', gap: 12, marginTop: 8 }}>
          {canGoBack && (
            <button type="button" className="btn btn-ghost" onClick={() => void navigate(-1)}>
              {t('common.back')}
            </button>
          )}
          <button type="button" className="btn btn-gold" onClick={() => void navigate(pathTo('home'))}>
            {t('common.backHome')}
          </button>
        </div>
      }
    />
  );
}
