import type { wallet } from '@breakshot/contracts';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useDebt } from '../../lib/debt';
import type { DataOf } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { useSiteTime } from '../../lib/time';
import { MoneyText } from '../ui/money-text';
import './debt-i18n';
import './debt-notice.css';
import './ledger-i18n';
import { referenceText, sourceLink } from './ledger-labels';

type DebtMove = DataOf<typeof wallet.debt>['moves'][number];

const MOVE_LABEL: Record<DebtMove['kind'], string> = {
  correction: 'wallet.entry.correction',
  repayment: 'wallet.debt.repayment',
};

/**
 * 待扣回欠款 (docs/design.md §9, "Result corrections"): what a correction left the player owing,
 * once loaded and only above 0; tapping it shows the latest moves.
 */
export function DebtNotice() {
  const { t } = useT();
  const debt = useDebt();
  const [open, setOpen] = useState(false);
  const movesId = useId();
  if (!debt.data || debt.data.owed <= 0) return null;

  return (
    <section className="card debt-notice" data-testid="debt-notice">
      <button
        type="button"
        className="debt-notice-head"
        aria-expanded={open}
        aria-controls={movesId}
        onClick={() => setOpen(!open)}
        data-testid="debt-toggle"
      >
        <span className="debt-notice-title">
          {t('wallet.debt.title')}
          <MoneyText className="debt-notice-owed" value={debt.data.owed} />
        </span>
        <span className="debt-notice-details">
          {t('wallet.debt.details')}
          <DownOutline className={open ? 'debt-notice-arrow open' : 'debt-notice-arrow'} />
        </span>
        <span className="debt-notice-text">{t('wallet.debt.text')}</span>
      </button>
      {open && (
        <ul id={movesId} className="debt-moves" data-testid="debt-moves">
          {debt.data.moves.map((m, i) => (
            <DebtMoveRow key={i} move={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One move: 结果更正 +¥ (owed more) or 到账抵扣 −¥ (cleared), its time and the bet or deposit order. */
function DebtMoveRow({ move: m }: { move: DebtMove }) {
  const { t } = useT();
  const time = useSiteTime();
  const link = sourceLink(m.reference);
  const reference = referenceText(m.reference, t);
  return (
    <li className="debt-move" data-testid="debt-move" data-kind={m.kind}>
      <div className="debt-move-top">
        <span>{t(MOVE_LABEL[m.kind])}</span>
        <span className="debt-move-amount">
          {m.amount > 0 ? '+' : ''}
          <MoneyText value={m.amount} />
        </span>
      </div>
      <div className="debt-move-bottom">
        <span>{time(m.createdAt)}</span>
        {link ? (
          <Link className="mono" to={link}>
            {reference}
          </Link>
        ) : (
          <span className="mono">{reference}</span>
        )}
      </div>
    </li>
  );
}
