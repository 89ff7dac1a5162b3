import type { agent } from '@breakshot/contracts';
import { Link, useSearchParams } from 'react-router';
import { InfoState } from '../../../components/ui/page-state';
import { StatusChip } from '../../../components/ui/status-chip';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { formatRateBp } from '../../../lib/rate';
import { GAME_TYPES } from '../../../lib/game-types';
import '../../../components/bets/i18n';
import '../../../lib/route-titles';
import '../../../components/wallet/i18n';
import '../../../components/wallet/wallet.css';
import './agent.css';
import './i18n';

/** 会员 / 代理. */
export function KindChip({ kind }: { kind: agent.MemberKind }) {
  const { t } = useT();
  return (
    <StatusChip tone={kind === 'agent' ? 'pending' : 'info'} testId="kind-chip">
      {t(`agent.kind.${kind}`)}
    </StatusChip>
  );
}

/** Rates and ratio in one line: 台球 1.20% · 电子 0.80% · 棋牌 0.50% · 分红 30.00%. */
export function RatesLine({
  rates,
  dividendRatioBp,
  withRatio,
}: {
  rates: agent.CommissionRates;
  dividendRatioBp: number;
  withRatio: boolean;
}) {
  const { t } = useT();
  return (
    <span className="ag-rates-line">
      {GAME_TYPES.map((g) => (
        <span key={g}>
          {t(`bets.type.${g}`)} <b>{formatRateBp(rates[g])}</b>
        </span>
      ))}
      {withRatio && (
        <span>
          {t('agent.ratioShort')} <b>{formatRateBp(dividendRatioBp)}</b>
        </span>
      )}
    </span>
  );
}

/**
 * Where a password guards a form but none is set yet: says so and links to its page (the
 * security password guards rates and opening accounts, the recharge password transfers).
 */
export function PasswordNotice({ kind }: { kind: agent.AgentPasswordKind }) {
  const { t } = useT();
  return (
    <div className="notice notice-warn" data-testid={`no-${kind}-password`}>
      <div>
        <strong>{t(`agent.pwd.${kind}.none`)}</strong>
        <p>{t(`agent.pwd.${kind}.guards`)}</p>
      </div>
      <Link className="btn btn-gold btn-small" to={pathTo(kind === 'security' ? 'dlAnquanpass' : 'dlChongzhipass')}>
        {t('agent.pwd.setNow')}
      </Link>
    </div>
  );
}

/** The member id of `?id=` (0 when absent or not a positive integer). */
export function useMemberIdParam(): number {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** A member page opened without a member: back to the members list. */
export function NoMember() {
  const { t } = useT();
  return (
    <InfoState
      icon="?"
      title={t('agent.noMember')}
      action={
        <Link className="btn btn-ghost btn-small" to={pathTo('dlUser')}>
          {t('title.dlUser')}
        </Link>
      }
    />
  );
}
