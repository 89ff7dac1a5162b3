import type { ReactNode } from 'react';
import { DetailRows } from '../../components/ui/detail-rows';
import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatRateBp } from '../../lib/rate';
import { useCurrencySymbol } from '../../lib/sys-config';
import type { PromotionDetail, RulesOf } from './api/promotions';
import { standing } from './standing';

/** 活动内容: what the type pays, as its tier table. */
export function RulesTable({ promo }: { promo: PromotionDetail }) {
  const { rules } = promo;
  switch (rules.type) {
    case 'first_deposit':
    case 'reload':
      return <DepositTiers rules={rules} />;
    case 'lucky_slip':
      return <EndingTiers rules={rules} />;
    case 'fee_waiver':
      return <FeeWaiverTerms rules={rules} />;
    case 'slots_turnover':
      return <SlotsTiers rules={rules} reached={promo.application?.progress ?? 0} />;
    case 'agent_starter':
      return <AgentTerms rules={rules} />;
  }
}

function Table({ head, children, testId }: { head: ReactNode[]; children: ReactNode; testId: string }) {
  return (
    <table className="promo-table" data-testid={testId}>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** Deposit range (up to the next tier) → bonus rate, at most maxBonus. */
function DepositTiers({ rules }: { rules: RulesOf<'first_deposit'> | RulesOf<'reload'> }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  return (
    <Table head={[t('promo.col.deposit'), t('promo.col.rate'), t('promo.col.maxBonus')]} testId="rules-table">
      {rules.tiers.map((tier, i) => {
        const next = rules.tiers[i + 1];
        return (
          <tr key={tier.minDeposit}>
            <td className="promo-range">
              {next ? (
                <>
                  {formatMoney(tier.minDeposit, symbol)}
                  <span className="promo-range-to"> – {formatMoney(next.minDeposit - 1, symbol)}</span>
                </>
              ) : (
                t('promo.atLeast', { amount: formatMoney(tier.minDeposit, symbol) })
              )}
            </td>
            <td className="promo-rate">{formatRateBp(tier.rateBps)}</td>
            <td>
              <MoneyText value={tier.maxBonus} />
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

function EndingTiers({ rules }: { rules: RulesOf<'lucky_slip'> }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  return (
    <>
      <Table head={[t('promo.col.ending'), t('promo.col.bonus')]} testId="rules-table">
        {rules.tiers.map((tier) => (
          <tr key={tier.ending}>
            <td>
              <span className="promo-ending">{tier.ending}</span>
            </td>
            <td className="promo-bonus">
              <MoneyText value={tier.bonus} />
            </td>
          </tr>
        ))}
      </Table>
      <ul className="promo-terms">
        <li>{t('promo.slip.minStake', { amount: formatMoney(rules.minStake, symbol) })}</li>
        <li>{t('promo.slip.window', { days: rules.claimDays })}</li>
        <li>{t('promo.slip.once')}</li>
      </ul>
    </>
  );
}

function FeeWaiverTerms({ rules }: { rules: RulesOf<'fee_waiver'> }) {
  const { t } = useT();
  return (
    <DetailRows
      rows={[
        { label: t('promo.fee.minValidBet'), value: <MoneyText value={rules.minValidBet} /> },
        { label: t('promo.fee.free'), value: t('promo.fee.freeValue', { n: rules.freeWithdrawals }), testId: 'free-n' },
      ]}
    />
  );
}

/** This week's slots valid bet → bonus; the tier the player's bet reached is marked. */
function SlotsTiers({ rules, reached }: { rules: RulesOf<'slots_turnover'>; reached: number }) {
  const { t } = useT();
  const { reachedIndex } = standing(rules.tiers, reached, (x) => x.validBet);
  return (
    <Table head={[t('promo.col.slotsBet'), t('promo.col.bonus')]} testId="rules-table">
      {rules.tiers.map((tier, i) => (
        <tr key={tier.validBet} className={i === reachedIndex ? 'promo-tier-reached' : undefined}>
          <td>
            <MoneyText value={tier.validBet} />
          </td>
          <td className="promo-bonus">
            <MoneyText value={tier.bonus} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

function AgentTerms({ rules }: { rules: RulesOf<'agent_starter'> }) {
  const { t } = useT();
  return (
    <DetailRows
      rows={[
        { label: t('promo.agent.minFirstDeposit'), value: <MoneyText value={rules.minFirstDeposit} /> },
        { label: t('promo.agent.perMember'), value: <MoneyText value={rules.bonusPerMember} />, testId: 'per-member' },
      ]}
    />
  );
}
