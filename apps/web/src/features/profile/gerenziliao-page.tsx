import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { KycStatusChip } from '../../components/ui/kyc-status';
import { DetailRows } from '../../components/ui/detail-rows';
import { PageSkeleton } from '../../components/ui/page-state';
import { useSiteTime } from '../../lib/time';
import { VipTag } from '../../components/ui/vip-tag';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useKyc } from '../../lib/kyc';
import './i18n';
import './profile.css';

/**
 * /user/gerenziliao: the player's profile as user/info has it, and the real-name verification's
 * status (→ /user/shimingrenzheng); edit → /user/gerenxiugai.
 */
export default function GerenziliaoPage() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const user = useSession((s) => s.userInfo);
  const kyc = useKyc();
  if (!user) return <PageSkeleton />;
  const name = user.nickname || user.username;
  const notSet = <span className="muted">{t('profile.notSet')}</span>;
  return (
    <div className="page profile">
      <section className="profile-head">
        <Avatar className="profile-avatar" src={user.avatar} name={name} />
        <div className="profile-name" data-testid="profile-nickname">
          {name}
        </div>
        <VipTag level={user.vipLevel} />
      </section>
      <div className="card">
        <DetailRows
          rows={[
            { label: t('profile.nickname'), value: user.nickname, testId: 'row-nickname' },
            { label: t('profile.username'), value: user.username, testId: 'row-username' },
            { label: t('profile.sex'), value: t(`profile.sex.${user.sex}`), testId: 'row-sex' },
            { label: t('profile.birthday'), value: user.birthday ?? notSet, testId: 'row-birthday' },
            {
              label: t('profile.mobile'),
              value: user.mobile ?? <span className="muted">{t('profile.mobileNone')}</span>,
              testId: 'row-mobile',
            },
            { label: t('profile.vip'), value: `VIP${user.vipLevel}`, testId: 'row-vip' },
            { label: t('profile.joined'), value: formatDateTime(user.createdAt), testId: 'row-joined' },
            {
              label: t('profile.kyc'),
              value: (
                <Link to={pathTo('shimingrenzheng')} className="status-link" data-testid="row-kyc">
                  {kyc.data ? <KycStatusChip status={kyc.data.status} /> : <span className="muted">…</span>}
                  <RightOutline className="muted" />
                </Link>
              ),
            },
          ]}
        />
      </div>
      <Link to={pathTo('gerenxiugai')} className="btn btn-gold btn-block profile-edit" data-testid="profile-edit">
        {t('profile.edit')}
      </Link>
    </div>
  );
}
