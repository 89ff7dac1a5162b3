import type { PayInstructions } from '@breakshot/contracts';
import { CopyText } from '../../components/ui/copy-text';
import { DetailRows } from '../../components/ui/detail-rows';
import { MoneyText } from '../../components/ui/money-text';
import { QrCode } from '../../components/ui/qr-code';
import { useT } from '../../lib/i18n';
import './i18n';

/** USDT × 100 as the player sends it: 13.89 */
const usdt = (cents: number) => (cents / 100).toFixed(2);

/** What the player must do on a manual channel: USDT (network, address with QR, amount) or a bank transfer. */
export function DepositInstructions({ ins }: { ins: PayInstructions }) {
  const { t } = useT();
  if (ins.kind === 'usdt') {
    return (
      <div className="instructions" data-testid="instructions-usdt">
        <div className="qr-box">
          <QrCode value={ins.address} label={t('wallet.deposit.usdtAddress')} />
        </div>
        <DetailRows
          rows={[
            { label: t('wallet.deposit.usdtNetwork'), value: <span className="net-tag">{ins.network}</span> },
            {
              label: t('wallet.deposit.usdtAddress'),
              value: <CopyText value={ins.address} testId="usdt-address" />,
            },
            {
              label: t('wallet.deposit.usdtToSend'),
              value: (
                <span className="usdt-send">
                  <CopyText value={usdt(ins.usdtAmount)} label="USDT" testId="usdt-amount" />
                  <span className="net-tag">USDT</span>
                </span>
              ),
            },
            {
              label: t('wallet.deposit.usdtRate'),
              value: (
                <span data-testid="usdt-rate">{t('wallet.deposit.usdtRateValue', { rate: ins.rate.toFixed(4) })}</span>
              ),
            },
            {
              label: t('wallet.deposit.credited'),
              value: <MoneyText value={ins.amount} className="strong-amount" />,
              testId: 'instructions-amount',
            },
          ]}
        />
        {ins.note && <p className="note">{ins.note}</p>}
      </div>
    );
  }
  return (
    <div className="instructions" data-testid="instructions-bank">
      <DetailRows
        rows={[
          { label: t('wallet.deposit.bank'), value: ins.bank },
          { label: t('wallet.deposit.accountName'), value: <CopyText value={ins.accountName} /> },
          {
            label: t('wallet.deposit.accountNumber'),
            value: <CopyText value={ins.accountNumber} testId="bank-account-number" />,
          },
          {
            label: t('wallet.deposit.exactAmount'),
            value: <MoneyText value={ins.amount} className="strong-amount" />,
            testId: 'instructions-amount',
          },
          { label: t('wallet.deposit.reference'), value: <CopyText value={ins.reference} testId="bank-reference" /> },
        ]}
      />
      {ins.note && <p className="note">{ins.note}</p>}
    </div>
  );
}
