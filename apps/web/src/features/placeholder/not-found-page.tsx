import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import { useNavigate } from 'react-router';
import { InfoState } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';

export default function NotFoundPage() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <InfoState
      icon={<QuestionCircleOutline />}
      title={t('common.notFound')}
      action={
        <button type="button" className="btn btn-gold" onClick={() => void navigate(pathTo('home'))}>
          {t('common.backHome')}
        </button>
      }
    />
  );
}
