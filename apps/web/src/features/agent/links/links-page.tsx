import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { Link } from 'react-router';
import { CopyButton, CopyText } from '../../../components/ui/copy-text';
import { ErrorState, InfoState, PageSkeleton } from '../../../components/ui/page-state';
import { QrCode, saveQrPng } from '../../../components/ui/qr-code';
import { StatusChip, type ChipTone } from '../../../components/ui/status-chip';
import { useSiteTime } from '../../../lib/time';
import { useT } from '../../../lib/i18n';
import { inviteUrl } from '../../../lib/invite';
import { linkState, useInviteLinks, type InviteLink, type LinkState } from '../../../lib/invite-links';
import { pathTo } from '../../../lib/paths';
import { errorText, showToast } from '../../../lib/toast';
import { KindChip, RatesLine } from '../shared/agent-ui';
import { useSetLinkStatus } from '../api/links';

const STATE_TONE: Record<LinkState, ChipTone> = { active: 'success', disabled: 'muted', expired: 'danger' };

/**
 * /user/daili/lianjieDetails: my default link (my invite code) and the links I made — code, URL
 * (copy, QR), type, rates, clicks, registrations, first deposits, dates, status (disable/enable).
 */
export default function LinksPage() {
  const { t } = useT();
  const q = useInviteLinks();
  const [qr, setQr] = useState<string | null>(null);
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const { list, inviteCode, shareLinkId } = q.data;

  return (
    <div className="page ag" data-testid="links-page">
      <section className="card ag-link ag-link-default" data-testid="default-link">
        <div className="ag-link-top">
          <strong>{t('agent.link.default')}</strong>
          {shareLinkId === null && <StatusChip tone="pending">{t('agent.link.shared')}</StatusChip>}
        </div>
        <p className="muted small ag-note">{t('agent.link.defaultText')}</p>
        <LinkUrl code={inviteCode} onQr={setQr} />
      </section>

      <div className="ag-links-head">
        <h2 className="section-title">{t('agent.link.mine', { n: list.length })}</h2>
        <Link className="btn btn-gold btn-small" to={pathTo('dlAddlianjie')} data-testid="add-link">
          + {t('title.dlAddlianjie')}
        </Link>
      </div>
      {list.length === 0 ? (
        <InfoState icon={<LinkOutline />} title={t('agent.link.emptyTitle')} text={t('agent.link.emptyText')} />
      ) : (
        <div className="ag-links" data-testid="link-rows">
          {list.map((l) => (
            <LinkCard key={l.id} link={l} shared={l.id === shareLinkId} onQr={setQr} />
          ))}
        </div>
      )}

      <Popup visible={qr !== null} onMaskClick={() => setQr(null)} onClose={() => setQr(null)} bodyClassName="sheet">
        {qr && <QrSheet code={qr} onClose={() => setQr(null)} />}
      </Popup>
    </div>
  );
}

/** The link's URL with copy and QR buttons. */
function LinkUrl({ code, onQr }: { code: string; onQr: (code: string) => void }) {
  const { t } = useT();
  const url = inviteUrl(code);
  return (
    <div className="ag-link-url">
      <div className="ag-link-url-row">
        <span className="muted small">{t('agent.link.code')}</span>
        <CopyText value={code} label={t('agent.link.code')} testId="link-code" />
      </div>
      <div className="ag-link-url-row">
        <span className="mono ag-url" data-testid="link-url">
          {url}
        </span>
        <CopyButton value={url} label={t('agent.link.url')} />
        <button type="button" className="copy-btn" onClick={() => onQr(code)} data-testid="link-qr">
          {t('agent.link.qr')}
        </button>
      </div>
    </div>
  );
}

function LinkCard({ link: l, shared, onQr }: { link: InviteLink; shared: boolean; onQr: (code: string) => void }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const setStatus = useSetLinkStatus();
  const state = linkState(l);
  const toggle = async () => {
    try {
      await setStatus.mutateAsync({ id: l.id, enabled: !l.enabled });
      void showToast(t(l.enabled ? 'agent.link.disabledDone' : 'agent.link.enabledDone'), 'success');
    } catch (err) {
      void showToast(errorText(err), 'fail');
    }
  };
  return (
    <section className="card ag-link" data-link-id={l.id} data-state={state}>
      <div className="ag-link-top">
        <span className="ag-link-title">
          <KindChip kind={l.kind} />
          <span className="ag-ellipsis">{l.remark || t('agent.link.noRemark')}</span>
        </span>
        <span className="ag-link-chips">
          {shared && <StatusChip tone="pending">{t('agent.link.shared')}</StatusChip>}
          <StatusChip tone={STATE_TONE[state]} testId="link-state">
            {t(`agent.link.state.${state}`)}
          </StatusChip>
        </span>
      </div>
      <LinkUrl code={l.code} onQr={onQr} />
      <div className="ag-link-rates">
        <RatesLine rates={l.rates} dividendRatioBp={l.dividendRatioBp} withRatio={l.kind === 'agent'} />
      </div>
      <div className="ag-link-stats">
        {(['clicks', 'registrations', 'firstDeposits'] as const).map((k) => (
          <div key={k}>
            <strong data-testid={`link-${k}`}>{l[k]}</strong>
            <span className="muted small">{t(`agent.link.${k}`)}</span>
          </div>
        ))}
      </div>
      <div className="ag-link-foot">
        <span className="muted small">
          {t('agent.link.created', { at: formatDateTime(l.createdAt).slice(0, 10) })}
          {' · '}
          {l.expiresAt
            ? t('agent.link.expires', { at: formatDateTime(l.expiresAt).slice(0, 10) })
            : t('agent.link.validity.forever')}
        </span>
        <button
          type="button"
          className={`link-btn${l.enabled ? ' danger' : ''}`}
          onClick={() => void toggle()}
          disabled={setStatus.isPending}
          data-testid="link-toggle"
        >
          {t(l.enabled ? 'agent.link.disable' : 'agent.link.enable')}
        </button>
      </div>
    </section>
  );
}

/** A link's QR code, large, with its URL and a button saving it as a PNG. */
function QrSheet({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useT();
  const url = inviteUrl(code);
  return (
    <div className="ag-qr-sheet" data-testid="qr-sheet">
      <div className="sheet-head">
        <h2>{t('agent.link.qrTitle')}</h2>
        <button type="button" className="icon-btn" aria-label={t('ui.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="ag-qr-box">
        <QrCode value={url} size={200} />
      </div>
      <div className="mono small ag-url ag-qr-url">{url}</div>
      <button
        type="button"
        className="btn btn-gold btn-block"
        onClick={() =>
          void saveQrPng(url, `invite-${code}.png`).then((ok) => {
            if (!ok) void showToast(t('agent.link.qrSaveFailed'), 'fail');
          })
        }
      >
        {t('agent.link.qrSave')}
      </button>
    </div>
  );
}
