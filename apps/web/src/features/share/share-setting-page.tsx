import { Link } from 'react-router';
import { ErrorState, PageSkeleton } from '../../components/ui/page-state';
import { RadioMark } from '../../components/ui/radio-mark';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { inviteUrl } from '../../lib/invite';
import { linkState, shareCodeOf, useInviteLinks } from '../../lib/invite-links';
import { pathTo } from '../../lib/paths';
import { formatRateBp } from '../../lib/rate';
import { GAME_TYPES } from '../../lib/game-types';
import { errorText, showToast } from '../../lib/toast';
import { useSetShareLink } from './api/share';
import './i18n';
import './share.css';

/** /user/shareSetting: which invite link /user/share shows — my default link or one of my working links. */
export default function ShareSettingPage() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const q = useInviteLinks();
  const choose = useSetShareLink();
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const { link: current } = shareCodeOf(q.data);
  const usable = q.data.list.filter((l) => linkState(l) === 'active');

  const pick = async (linkId: number | null) => {
    if (choose.isPending || (current?.id ?? null) === linkId) return;
    try {
      await choose.mutateAsync(linkId);
      void showToast(t('share.setting.done'), 'success');
    } catch (err) {
      void showToast(errorText(err), 'fail');
    }
  };

  const option = (id: number | null, title: string, sub: string, extra?: string) => {
    const on = (current?.id ?? null) === id;
    return (
      <button
        key={id ?? 'default'}
        type="button"
        role="radio"
        aria-checked={on}
        className={`share-option${on ? ' share-option-on' : ''}`}
        onClick={() => void pick(id)}
        disabled={choose.isPending}
        data-testid={`share-option-${id ?? 'default'}`}
      >
        <span className="share-option-text">
          <strong>{title}</strong>
          <span className="mono muted small">{sub}</span>
          {extra && <span className="muted small">{extra}</span>}
        </span>
        <RadioMark on={on} />
      </button>
    );
  };

  return (
    <div className="page share" data-testid="share-setting">
      <p className="muted small share-note">{t('share.setting.intro')}</p>
      <div className="card share-options" role="radiogroup" aria-label={t('title.shareSetting')}>
        {option(null, t('share.defaultLink'), inviteUrl(q.data.inviteCode), t('share.setting.defaultText'))}
        {usable.map((l) =>
          option(
            l.id,
            `${t(`share.kind.${l.kind}`)} · ${l.remark || t('share.linkOf', { code: l.code })}`,
            inviteUrl(l.code),
            [
              GAME_TYPES.map((g) => `${t(`share.game.${g}`)} ${formatRateBp(l.rates[g])}`).join(' · '),
              l.expiresAt ? t('share.setting.expires', { at: formatDateTime(l.expiresAt).slice(0, 10) }) : '',
            ]
              .filter(Boolean)
              .join(' · '),
          ),
        )}
      </div>
      {usable.length === 0 && <p className="muted small share-note">{t('share.setting.none')}</p>}
      <Link className="btn btn-ghost btn-block" to={pathTo('dlAddlianjie')}>
        {t('share.setting.addLink')}
      </Link>
    </div>
  );
}
