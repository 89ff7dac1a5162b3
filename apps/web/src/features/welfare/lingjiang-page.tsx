import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import { rewards } from '@breakshot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { confirmDialog } from '../../components/ui/confirm';
import { MoneyText } from '../../components/ui/money-text';
import { PageTabs } from '../../components/ui/page-tabs';
import { RecordList } from '../../components/ui/record-list';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import {
  allUnclaimed,
  fetchRewards,
  useReceiveReward,
  waitingQuery,
  welfareKeys,
  type Received,
  type Reward,
  type RewardPage,
  type RewardStatus,
} from './api/rewards';
import { SourceChip, TimeLeft, TurnoverText } from './welfare-ui';

/**
 * /user/lingjiang: the rewards to claim (未领取, with their expiry countdown), claimed and expired
 * ones; claim one, or all after a confirm that says the total and the turnover it adds.
 */
export default function LingjiangPage() {
  const { t } = useT();
  return (
    <div className="page welfare">
      <ClaimAllCard />
      <PageTabs
        tabs={[
          { key: 'unclaimed', label: t('welfare.tab.unclaimed'), content: <Rewards status="unclaimed" /> },
          { key: 'claimed', label: t('welfare.tab.claimed'), content: <Rewards status="claimed" /> },
          { key: 'expired', label: t('welfare.tab.expired'), content: <Rewards status="expired" /> },
        ]}
      />
    </div>
  );
}

/** "已领取 ¥X", with the turnover it added when it did. */
function useReceivedToast() {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  return (r: Received) => {
    const amount = formatMoney(r.amount, symbol);
    const text =
      r.turnoverAdded > 0
        ? t('welfare.claimedTurnover', { amount, turnover: formatMoney(r.turnoverAdded, symbol) })
        : t('welfare.claimed', { amount });
    void showToast(text, 'success');
  };
}

function ClaimAllCard() {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const waiting = useQuery(waitingQuery());
  const receive = useReceiveReward();
  const toastReceived = useReceivedToast();
  // Set at the press: the confirm and the call take a moment before the button shows it.
  const busy = useRef(false);
  const [preparing, setPreparing] = useState(false);

  const claimAll = async () => {
    if (busy.current) return;
    busy.current = true;
    setPreparing(true);
    try {
      const list = (await allUnclaimed()).slice(0, rewards.MAX_RECEIVE_IDS);
      setPreparing(false);
      if (list.length === 0) return void waiting.refetch();
      const amount = formatMoney(
        list.reduce((n, r) => n + r.amount, 0),
        symbol,
      );
      const turnover = list.reduce((n, r) => n + r.amount * r.turnoverMultiple, 0);
      const ok = await confirmDialog({
        title: t('welfare.confirmTitle'),
        content:
          turnover > 0
            ? t('welfare.confirmText', { n: list.length, amount, turnover: formatMoney(turnover, symbol) })
            : t('welfare.confirmNoTurnover', { n: list.length, amount }),
        confirmText: t('welfare.confirm'),
        cancelText: t('common.cancel'),
      });
      // The rewards the confirm showed, by id: one granted meanwhile is not claimed unseen.
      if (ok) toastReceived(await receive.mutateAsync({ ids: list.map((r) => r.id) }));
    } catch (err) {
      void showToast(errorText(err), 'fail');
    } finally {
      busy.current = false;
      setPreparing(false);
    }
  };

  const pending = preparing || receive.isPending;
  const count = waiting.data?.count ?? 0;
  return (
    <section className="card claim-all" data-testid="claim-all-card">
      <div className="claim-all-figures">
        <span className="muted small">{t('welfare.sum.title')}</span>
        <strong className="gold-text" data-testid="waiting-total">
          {waiting.data ? <MoneyText value={waiting.data.total} /> : <span className="sk sk-line claim-all-sk" />}
        </strong>
        <span className="muted small" data-testid="waiting-count">
          {waiting.data ? t('welfare.sum.count', { n: count }) : '\u00a0'}
        </span>
      </div>
      <button
        type="button"
        className="btn btn-gold"
        disabled={count === 0 || pending}
        aria-busy={pending}
        onClick={() => void claimAll()}
        data-testid="claim-all"
      >
        {pending && <span className="btn-spinner" aria-hidden="true" />}
        {pending ? t('welfare.claiming') : t('welfare.claimAll')}
      </button>
    </section>
  );
}

const EMPTY: Record<RewardStatus, [string, string]> = {
  unclaimed: ['welfare.empty.unclaimed', 'welfare.empty.unclaimedText'],
  claimed: ['welfare.empty.claimed', 'welfare.empty.claimedText'],
  expired: ['welfare.empty.expired', 'welfare.empty.expiredText'],
};

function Rewards({ status }: { status: RewardStatus }) {
  const { t } = useT();
  const [title, text] = EMPTY[status];
  return (
    <RecordList<Reward, RewardPage>
      queryKey={welfareKeys.rewards(status)}
      fetchPage={(page, pageSize) => fetchRewards(status, page, pageSize)}
      itemKey={(r) => r.id}
      testId={`rewards-${status}`}
      empty={{
        icon: <GiftOutline />,
        title: t(title),
        text: t(text),
        action:
          status === 'unclaimed' ? (
            <Link className="btn btn-ghost btn-small" to={pathTo('fuli')}>
              {t('welfare.empty.action')}
            </Link>
          ) : undefined,
      }}
      renderItem={(r) => <RewardRow reward={r} />}
    />
  );
}

function RewardRow({ reward: r }: { reward: Reward }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const receive = useReceiveReward();
  const toastReceived = useReceivedToast();
  const pressed = useRef(false);
  const claim = () => {
    if (pressed.current) return;
    pressed.current = true;
    receive.mutate(
      { id: r.id },
      {
        onSuccess: toastReceived,
        onError: (err) => void showToast(errorText(err), 'fail'),
        onSettled: () => (pressed.current = false),
      },
    );
  };
  const busy = receive.isPending || pressed.current;
  return (
    <div className={`rec reward reward-${r.status}`} data-reward-id={r.id} data-status={r.status}>
      <div className="rec-top">
        <span className="rec-title reward-title">{r.title}</span>
        <MoneyText value={r.amount} className={`rec-amount${r.status === 'unclaimed' ? ' gold-text' : ''}`} />
      </div>
      <div className="rec-bottom reward-meta">
        <SourceChip source={r.source} />
        <span className="reward-turnover">
          <TurnoverText multiple={r.turnoverMultiple} />
        </span>
      </div>
      <div className="rec-bottom">
        {r.status === 'unclaimed' ? (
          <>
            <TimeLeft
              until={r.expiresAt}
              render={(left) => (
                <span className="reward-expiry" data-testid="reward-expiry">
                  {t('welfare.expiresIn', { left })}
                </span>
              )}
            />
            <button
              type="button"
              className="btn btn-gold btn-small"
              disabled={busy}
              aria-busy={busy}
              onClick={claim}
              data-testid="claim-one"
            >
              {busy ? t('welfare.claiming') : t('welfare.claim')}
            </button>
          </>
        ) : r.status === 'claimed' && r.claimedAt ? (
          <span>{t('welfare.claimedAt', { time: formatDateTime(r.claimedAt) })}</span>
        ) : (
          <span>{t('welfare.expiredAt', { time: formatDateTime(r.expiresAt) })}</span>
        )}
      </div>
    </div>
  );
}
