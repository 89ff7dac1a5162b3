import { Link } from 'react-router';
import { CopyButton } from '../../components/ui/copy-text';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, PageSkeleton } from '../../components/ui/page-state';
import { QrCode, saveQrPng } from '../../components/ui/qr-code';
import { useT } from '../../lib/i18n';
import { inviteUrl } from '../../lib/invite';
import { shareCodeOf, useInviteLinks } from '../../lib/invite-links';
import { pathTo } from '../../lib/paths';
import { useSysConfig } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { useThisMonth } from './api/share';
import './i18n';
import './share.css';

/**
 * /user/share: my invite code and link (the share link chosen on /user/shareSetting, else my own
 * code), copy, a QR code that saves as a PNG, and this month's results among my direct members.
 */
export default function SharePage() {
  const { t } = useT();
  const links = useInviteLinks();
  const siteName = useSysConfig().data?.siteName ?? '';
  if (links.isPending) return <PageSkeleton />;
  if (links.isError) return <ErrorState message={errorText(links.error)} onRetry={() => void links.refetch()} />;
  const { code, link } = shareCodeOf(links.data);
  const url = inviteUrl(code);

  const save = async () => {
    const ok = await saveQrPng(url, `invite-${code}.png`);
    void showToast(t(ok ? 'share.qrSaved' : 'share.qrSaveFailed'), ok ? 'success' : 'fail');
  };

  return (
    <div className="page share" data-testid="share-page">
      <section className="card share-hero">
        <h1>{t('share.headline', { site: siteName })}</h1>
        <p className="muted small">{t('share.intro')}</p>
        <div className="share-qr">
          <QrCode value={url} size={184} label={t('share.qrLabel')} />
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => void save()}
          data-testid="share-save-qr"
        >
          {t('share.saveQr')}
        </button>
        <div className="share-rows">
          <div className="share-row">
            <span className="muted small">{t('share.code')}</span>
            <strong className="mono share-code" data-testid="share-code">
              {code}
            </strong>
            <CopyButton value={code} label={t('share.code')} />
          </div>
          <div className="share-row">
            <span className="muted small">{t('share.link')}</span>
            <span className="mono share-url" data-testid="share-url">
              {url}
            </span>
            <CopyButton value={url} label={t('share.link')} />
          </div>
        </div>
        <Link className="share-setting" to={pathTo('shareSetting')} data-testid="to-share-setting">
          <span>
            {t('share.using')}{' '}
            <strong>{link ? link.remark || t('share.linkOf', { code: link.code }) : t('share.defaultLink')}</strong>
          </span>
          <span>{t('title.shareSetting')} ›</span>
        </Link>
      </section>

      <ThisMonth />

      <Link className="btn btn-gold btn-block" to={pathTo('dlShouye')}>
        {t('share.toAgent')}
      </Link>
    </div>
  );
}

/** This month among my direct members. */
function ThisMonth() {
  const { t } = useT();
  const q = useThisMonth();
  return (
    <section className="card share-month" aria-busy={q.isPending}>
      <h2 className="share-month-title">{t('share.month')}</h2>
      {q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <div className="share-month-grid">
          {(['invited', 'firstDeposits', 'validBet', 'commission'] as const).map((k) => (
            <div key={k} className="share-tile">
              <strong data-testid={`month-${k}`}>
                {!q.data ? (
                  <span className="sk sk-line share-sk" />
                ) : k === 'invited' || k === 'firstDeposits' ? (
                  q.data[k]
                ) : (
                  <MoneyText value={q.data[k]} />
                )}
              </strong>
              <span className="muted small">{t(`share.month.${k}`)}</span>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
