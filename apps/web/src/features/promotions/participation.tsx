import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { StatusChip } from '../../components/ui/status-chip';
import { Timeline } from '../../components/ui/timeline';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import type { Application, PromotionDetail, RulesOf } from './api/promotions';
import { LuckySlips } from './lucky-slips';
import { ApplicationChip, Figure, ProgressBar } from './promotion-ui';
import { standing } from './standing';

/**
 * 我的参与: the player's application of the current period (today, this week, this month, or the
 * one-off) and the type's own figures; a granted bonus waits in 领奖. Why one was declined is the
 * apply bar's to say (a lucky slip, with no bar, is granted as it is claimed).
 */
export function Participation({ promo }: { promo: PromotionDetail }) {
  const { t } = useT();
  const app = promo.application;
  return (
    <section className="card promo-part" data-testid="participation">
      <header className="promo-part-head">
        <h2>{t(`promo.current.${promo.period}`)}</h2>
        {app ? (
          <ApplicationChip status={app.status} type={promo.type} />
        ) : (
          <StatusChip tone="muted" testId="application-status">
            {t('promo.notApplied')}
          </StatusChip>
        )}
      </header>
      <TypePanel promo={promo} />
      {app && app.amount > 0 && promo.type !== 'fee_waiver' && (
        <Link to={pathTo('lingjiang')} className="promo-claim-link" data-testid="link-lingjiang">
          <span>{t('promo.inLingjiang', { days: promo.rewardValidDays })}</span>
          <span className="promo-claim-go">
            {t('promo.goClaim')}
            <RightOutline />
          </span>
        </Link>
      )}
    </section>
  );
}

function TypePanel({ promo }: { promo: PromotionDetail }) {
  const { rules, application: app } = promo;
  switch (rules.type) {
    case 'first_deposit':
      return <FirstDepositSteps app={app} />;
    case 'reload':
      return <ReloadToday app={app} cap={promo.capAmount} />;
    case 'lucky_slip':
      return <LuckySlips promo={promo} />;
    case 'fee_waiver':
      return <FeeWaiverWeek app={app} rules={rules} />;
    case 'slots_turnover':
      return <SlotsWeek app={app} rules={rules} endsAt={promo.periodEndsAt} />;
    case 'agent_starter':
      return <AgentMonth app={app} rules={rules} cap={promo.capAmount} />;
  }
}

/** Apply, make the first deposit, get the bonus in 领奖: the steps done so far. */
function FirstDepositSteps({ app }: { app: Application | null }) {
  const { t } = useT();
  const done = app?.status === 'granted' ? app.updatedAt : null;
  const rejected = app?.status === 'rejected';
  return (
    <Timeline
      testId="first-deposit-steps"
      steps={[
        { key: 'apply', label: t('promo.step.apply'), at: app?.createdAt, tone: 'success' },
        { key: 'deposit', label: t('promo.step.deposit'), at: done, tone: 'success' },
        rejected
          ? { key: 'grant', label: t('promo.app.rejected'), at: app.updatedAt, tone: 'danger' }
          : { key: 'grant', label: t('promo.step.grant'), at: done, tone: 'success' },
      ]}
    />
  );
}

/** How the period goes on from here: nothing to say of a declined application. */
function Hint({ app, children }: { app: Application | null; children: ReactNode }) {
  return app?.status === 'rejected' ? null : <p className="promo-hint small">{children}</p>;
}

/** Today's reload: bonus granted, what is left of the daily cap, deposits that earned it. */
function ReloadToday({ app, cap }: { app: Application | null; cap: number | null }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const granted = app?.amount ?? 0;
  return (
    <>
      <div className="promo-figures">
        <Figure label={t('promo.reload.granted')} testId="reload-granted">
          <MoneyText value={granted} />
        </Figure>
        <Figure label={t('promo.reload.left')} testId="reload-left">
          {cap === null ? t('promo.noCap') : <MoneyText value={Math.max(0, cap - granted)} />}
        </Figure>
        <Figure label={t('promo.reload.uses')}>{t('promo.times', { n: app?.uses ?? 0 })}</Figure>
      </div>
      {cap !== null && (
        <ProgressBar
          testId="reload-cap"
          value={granted}
          max={cap}
          label={t('promo.reload.cap')}
          figures={`${formatMoney(granted, symbol)} / ${formatMoney(cap, symbol)}`}
        />
      )}
      <Hint app={app}>{app ? t('promo.reload.appliedHint') : t('promo.reload.hint')}</Hint>
    </>
  );
}

/** This week: valid bet since applying against the threshold, free withdrawals used. */
function FeeWaiverWeek({ app, rules }: { app: Application | null; rules: RulesOf<'fee_waiver'> }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const bet = app?.progress ?? 0;
  const met = app !== null && bet >= rules.minValidBet;
  return (
    <>
      <ProgressBar
        testId="fee-progress"
        value={bet}
        max={rules.minValidBet}
        label={t('promo.fee.weekBet')}
        figures={`${formatMoney(bet, symbol)} / ${formatMoney(rules.minValidBet, symbol)}`}
      />
      <div className="promo-figures">
        <Figure label={t('promo.fee.used')} testId="fee-used">
          {`${app?.uses ?? 0} / ${rules.freeWithdrawals}`}
        </Figure>
        <Figure label={t('promo.fee.waived')}>
          <MoneyText value={app?.amount ?? 0} />
        </Figure>
      </div>
      <Hint app={app}>
        {!app
          ? t('promo.fee.hint')
          : met
            ? t('promo.fee.met', { n: rules.freeWithdrawals })
            : t('promo.fee.gap', { amount: formatMoney(rules.minValidBet - bet, symbol) })}
      </Hint>
    </>
  );
}

/** This week's slots valid bet against the tiers: the tier reached, the next one's gap, when it pays. */
function SlotsWeek({
  app,
  rules,
  endsAt,
}: {
  app: Application | null;
  rules: RulesOf<'slots_turnover'>;
  endsAt: string | null;
}) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const bet = app?.progress ?? 0;
  const { reached, next } = standing(rules.tiers, bet, (x) => x.validBet);
  const target = (next ?? reached)!;
  return (
    <>
      <ProgressBar
        testId="slots-progress"
        value={bet}
        max={target.validBet}
        label={t('promo.slots.weekBet')}
        figures={`${formatMoney(bet, symbol)} / ${formatMoney(target.validBet, symbol)}`}
      />
      <div className="promo-figures">
        <Figure label={t('promo.slots.reached')} testId="slots-reached">
          {reached ? <MoneyText value={reached.bonus} /> : t('promo.slots.none')}
        </Figure>
        <Figure label={t('promo.slots.nextGap')} testId="slots-gap">
          {next ? <MoneyText value={next.validBet - bet} /> : t('promo.slots.top')}
        </Figure>
      </div>
      <Hint app={app}>
        {!app
          ? t('promo.slots.hint')
          : next
            ? t('promo.slots.next', {
                amount: formatMoney(next.validBet - bet, symbol),
                bonus: formatMoney(next.bonus, symbol),
              })
            : t('promo.slots.topText')}
      </Hint>
      {endsAt && <Hint app={app}>{t('promo.slots.paidAfter', { time: formatDateTime(endsAt).slice(0, 16) })}</Hint>}
    </>
  );
}

/** This month: members counted, bonus granted, what is left of the cap. */
function AgentMonth({
  app,
  rules,
  cap,
}: {
  app: Application | null;
  rules: RulesOf<'agent_starter'>;
  cap: number | null;
}) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const granted = app?.amount ?? 0;
  return (
    <>
      <div className="promo-figures">
        <Figure label={t('promo.agent.members')} testId="agent-members">
          {t('promo.people', { n: app?.uses ?? 0 })}
        </Figure>
        <Figure label={t('promo.agent.granted')} testId="agent-granted">
          <MoneyText value={granted} />
        </Figure>
        <Figure label={t('promo.agent.left')} testId="agent-left">
          {cap === null ? t('promo.noCap') : <MoneyText value={Math.max(0, cap - granted)} />}
        </Figure>
      </div>
      <Hint app={app}>
        {t('promo.agent.hint', {
          min: formatMoney(rules.minFirstDeposit, symbol),
          bonus: formatMoney(rules.bonusPerMember, symbol),
        })}
      </Hint>
    </>
  );
}
