import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { OddsChangeSheet, useOddsChange } from '../../components/bets/odds-change';
import { Avatar } from '../../components/ui/avatar';
import { confirmDialog } from '../../components/ui/confirm';
import { FundPasswordSheet } from '../../components/ui/fund-password-sheet';
import { Segmented } from '../../components/ui/segmented';
import { FundPasswordResetSheet } from '../../components/wallet/fund-password-reset-sheet';
import { setLanguage, useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useSetFundPassword } from '../../lib/set-fund-password';
import { showToast } from '../../lib/toast';
import './i18n';
import { ResponsibleGaming } from './limits-section';
import { PasskeysSection } from './passkeys-section';
import { PasswordSheet } from './password-sheet';
import { PushSection } from './push-section';
import './profile.css';

/** One row of the settings list: a link, or a button opening a sheet. */
function Row({
  icon,
  label,
  value,
  to,
  onClick,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value?: ReactNode;
  to?: string;
  onClick?: () => void;
  testId: string;
}) {
  const inner = (
    <>
      {icon}
      <span className="set-label">{label}</span>
      {value !== undefined && <span className="set-value">{value}</span>}
      <RightOutline className="set-arrow" />
    </>
  );
  return to ? (
    <Link to={to} className="set-row" data-testid={testId}>
      {inner}
    </Link>
  ) : (
    <button type="button" className="set-row" onClick={onClick} data-testid={testId}>
      {inner}
    </button>
  );
}

/** 投注设置: what an in-play bet takes when its odds change while it is confirmed (a sheet of three choices). */
function BettingSettings() {
  const { t } = useT();
  const pref = useOddsChange();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <section className="card set-list" aria-labelledby={titleId} data-testid="set-betting">
      <h2 className="set-group-title" id={titleId}>
        {t('bets.pref.section')}
      </h2>
      <Row
        icon={<LoopOutline />}
        label={t('bets.pref.title')}
        value={
          <span data-value={pref.value ?? ''} data-testid="set-odds-change-value">
            {pref.failed ? t('bets.pref.retry') : pref.value === null ? '…' : t(`bets.pref.${pref.value}`)}
          </span>
        }
        onClick={() => (pref.failed ? pref.retry() : setOpen(true))}
        testId="set-odds-change"
      />
      <OddsChangeSheet visible={open} onClose={() => setOpen(false)} />
    </section>
  );
}

/** /user/setting: account and security, passkeys, betting, notifications, language, responsible gaming, about, logout. */
export default function SettingPage() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const [sheet, setSheet] = useState<'password' | 'fund' | 'fundReset' | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const setFundPassword = useSetFundPassword();

  const onLogout = async () => {
    const ok = await confirmDialog({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('settings.cancel'),
    });
    if (!ok || loggingOut) return;
    setLoggingOut(true);
    await useSession.getState().logout();
    void showToast(t('settings.loggedOut'));
    void navigate(pathTo('home'), { replace: true });
  };

  return (
    <div className="page settings">
      <nav className="card set-list" aria-label={t('settings.account')}>
        <Link to={pathTo('gerenziliao')} className="set-row set-profile" data-testid="set-profile">
          <Avatar className="set-avatar" src={user?.avatar ?? ''} name={user?.nickname || user?.username || ''} />
          <span className="set-label">
            <span className="set-name">{user?.nickname || user?.username}</span>
            <span className="muted small">{t('settings.profile')}</span>
          </span>
          <RightOutline className="set-arrow" />
        </Link>
        <Row
          icon={<LockOutline />}
          label={t('settings.loginPassword')}
          value={t('settings.change')}
          onClick={() => setSheet('password')}
          testId="set-password"
        />
        <Row
          icon={<CheckShieldOutline />}
          label={t('settings.fundPassword')}
          value={user?.hasFundPassword ? t('settings.change') : t('settings.fundPasswordSet')}
          onClick={() => setSheet('fund')}
          testId="set-fund-password"
        />
        {user?.hasFundPassword && (
          <Row
            icon={<QuestionCircleOutline />}
            label={t('settings.fundPasswordForgot')}
            onClick={() => setSheet('fundReset')}
            testId="set-fund-password-reset"
          />
        )}
        <Row
          icon={<PhonebookOutline />}
          label={t('settings.mobile')}
          value={user?.mobile ?? t('profile.mobileNone')}
          to={pathTo('mobile')}
          testId="set-mobile"
        />
        <Row icon={<BankcardOutline />} label={t('settings.accounts')} to={pathTo('account')} testId="set-accounts" />
      </nav>

      <PasskeysSection />

      <BettingSettings />

      <PushSection />

      <div className="card set-list">
        <div className="set-row">
          <GlobalOutline />
          <span className="set-label">{t('settings.language')}</span>
          <Segmented
            kind="radio"
            className="lang-switch"
            ariaLabel={t('settings.language')}
            options={[
              { key: 'zh-CN', label: '中文' },
              { key: 'en', label: 'English' },
            ]}
            value={lang}
            onChange={(l) => void setLanguage(l)}
          />
        </div>
        <Row icon={<InformationCircleOutline />} label={t('settings.about')} to={pathTo('guanyu')} testId="set-about" />
      </div>

      <ResponsibleGaming />

      <button
        type="button"
        className="btn btn-ghost btn-block set-logout"
        onClick={() => void onLogout()}
        disabled={loggingOut}
        data-testid="set-logout"
      >
        {t('settings.logout')}
      </button>

      <PasswordSheet visible={sheet === 'password'} onClose={() => setSheet(null)} />
      <FundPasswordSheet
        visible={sheet === 'fund'}
        change={user?.hasFundPassword ?? false}
        onClose={() => setSheet(null)}
        onSubmit={setFundPassword}
      />
      <FundPasswordResetSheet visible={sheet === 'fundReset'} onClose={() => setSheet(null)} />
    </div>
  );
}
