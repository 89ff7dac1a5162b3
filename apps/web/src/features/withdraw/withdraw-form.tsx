import { Link } from 'react-router';
import { PasscodeField, SubmitButton, TextField } from '../../components/ui/form-field';
import { MoneyText } from '../../components/ui/money-text';
import { RadioMark } from '../../components/ui/radio-mark';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { FundPasswordNotice } from '../../components/wallet/fund-password-gate';
import { ForgotFundPasswordLink } from '../../components/wallet/fund-password-reset-sheet';
import { bpsText, Section, TypeIcon } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { ACCOUNT_METHODS, describeAccount, TYPE_ORDER } from '../../lib/withdraw-accounts';
import './i18n';
import { useWithdrawForm } from './use-withdraw-form';
import { WithdrawConfirm } from './withdraw-confirm';
import './withdraw.css';

/** /user/qukuan's form: balance, turnover, limits, account, amount (全部), fund password, confirm. */
export function WithdrawForm() {
  const { t, lang } = useT();
  const symbol = useCurrencySymbol();
  const form = useWithdrawForm();
  const { config, accounts, view } = form;

  if (config.isPending || accounts.isPending) {
    return (
      <div className="card">
        <SkeletonLines count={6} />
      </div>
    );
  }
  if (config.isError || accounts.isError || !view) {
    return (
      <ErrorState
        message={errorText(config.error ?? accounts.error)}
        onRetry={() => {
          void config.refetch();
          void accounts.refetch();
        }}
      />
    );
  }
  const c = config.data;
  const { waiver, rules, list, account, amount, timesLeft, lockSeconds, turnoverPct } = view;
  const locked = lockSeconds > 0;

  const acctText = account ? `${t(ACCOUNT_METHODS[account.type].nameKey)} ${describeAccount(account, lang).sub}` : '';

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
      noValidate
      data-testid="withdraw-form"
    >
      <section className="card wallet-hero">
        <div className="wh-main">
          <div className="muted small">{t('wallet.withdrawable')}</div>
          <MoneyText value={c.withdrawable} className="wh-amount" />
          <span data-testid="withdrawable" hidden>
            {c.withdrawable}
          </span>
        </div>
        <div className="wh-side">
          <div>
            <span className="muted small">{t('wallet.balance')}</span>
            <MoneyText value={c.balance} />
          </div>
          <div>
            <span className="muted small">{t('wallet.frozen')}</span>
            <MoneyText value={c.frozen} className="frozen-amount" />
          </div>
        </div>
      </section>

      {locked && (
        <div className="notice notice-danger" role="alert" data-testid="withdraw-locked">
          {t('wallet.withdraw.locked', { minutes: Math.ceil(lockSeconds / 60) })}
        </div>
      )}
      {!c.hasFundPassword && <FundPasswordNotice onDone={() => void config.refetch()} />}

      <Section title={t('wallet.withdraw.turnover')}>
        <div className="turnover" data-testid="turnover">
          <div className="bar" aria-hidden="true">
            <span style={{ width: `${turnoverPct}%` }} />
          </div>
          <div className="turnover-nums">
            <div>
              <span className="muted small">{t('wallet.withdraw.turnoverRequired')}</span>
              <MoneyText value={c.turnover.required} />
            </div>
            <div>
              <span className="muted small">{t('wallet.withdraw.turnoverDone')}</span>
              <MoneyText value={c.turnover.done} />
            </div>
            <div>
              <span className="muted small">{t('wallet.withdraw.turnoverLeft')}</span>
              <MoneyText value={c.turnover.left} className={c.turnover.left > 0 ? 'money-neg' : 'money-pos'} />
            </div>
          </div>
          <p className={`small ${c.turnover.left > 0 ? 'warn-text' : 'money-pos'}`}>
            {c.turnover.left > 0
              ? t('wallet.withdraw.turnoverNotMet', { left: formatMoney(c.turnover.left, symbol) })
              : t('wallet.withdraw.turnoverMet')}
          </p>
        </div>
        <div className="rule-grid">
          <div>
            <span className="muted small">{t('wallet.withdraw.timesLeft')}</span>
            <strong data-testid="times-left">
              {t('wallet.withdraw.timesValue', { left: timesLeft, total: c.dailyCount })}
            </strong>
          </div>
          <div>
            <span className="muted small">{t('wallet.withdraw.limits')}</span>
            <strong>
              {formatMoney(c.minAmount, symbol)} – {formatMoney(c.maxAmount, symbol)}
            </strong>
          </div>
          <div>
            <span className="muted small">{t('wallet.withdraw.feeRule')}</span>
            <strong data-testid="fee-rule" className={rules.feeWaived ? 'money-pos' : undefined}>
              {rules.feeWaived
                ? t('wallet.withdraw.feeWaived', { zero: formatMoney(0, symbol) })
                : c.feeRateBps === 0 && c.feeMinAmount === 0
                  ? t('wallet.withdraw.feeFree')
                  : t('wallet.withdraw.feeValue', {
                      rate: bpsText(c.feeRateBps),
                      min: formatMoney(c.feeMinAmount, symbol),
                    })}
            </strong>
          </div>
        </div>
        {waiver && (
          <p className={`small fee-waiver fee-waiver-${waiver.kind}`} data-testid="fee-waiver">
            {waiver.kind === 'free'
              ? t('wallet.withdraw.waiverFree', { left: waiver.left, total: waiver.total })
              : waiver.kind === 'bet'
                ? t('wallet.withdraw.waiverBet', { needed: formatMoney(waiver.needed, symbol) })
                : t('wallet.withdraw.waiverUsed', { total: waiver.total })}
          </p>
        )}
        {timesLeft === 0 && <p className="small warn-text">{t('wallet.withdraw.noTimesLeft')}</p>}
      </Section>

      <Section
        title={t('wallet.withdraw.chooseAccount')}
        extra={
          <Link to={pathTo('account')} className="link-btn">
            {t('wallet.withdraw.manageAccounts')}
          </Link>
        }
      >
        {list.length === 0 ? (
          <div className="no-accounts" data-testid="no-accounts">
            <p>{t('wallet.withdraw.noAccounts')}</p>
            <p className="muted small">{t('wallet.withdraw.noAccountsHint')}</p>
            <div className="add-links">
              {TYPE_ORDER.map((type) => (
                <Link
                  key={type}
                  to={pathTo(ACCOUNT_METHODS[type].addRoute, {}, { back: 'qukuan' })}
                  className="add-link"
                >
                  <TypeIcon type={type} size={28} />
                  {t(ACCOUNT_METHODS[type].nameKey)}
                </Link>
              ))}
            </div>
          </div>
        ) : (
          <div className="pick-list" role="radiogroup" aria-label={t('wallet.withdraw.chooseAccount')}>
            {list.map((a) => {
              const d = describeAccount(a, lang);
              const on = a.id === account?.id;
              return (
                <button
                  key={a.id}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  className={`pick${on ? ' pick-on' : ''}`}
                  onClick={() => form.pickAccount(a.id)}
                  data-testid={`withdraw-account-${a.id}`}
                  data-type={a.type}
                >
                  <TypeIcon type={a.type} size={30} />
                  <span className="pick-text">
                    <span>
                      {t(ACCOUNT_METHODS[a.type].nameKey)} · {d.title}
                      {a.isDefault && <span className="default-tag">{t('wallet.default')}</span>}
                    </span>
                    <span className="mono muted">{d.sub}</span>
                  </span>
                  <RadioMark on={on} />
                </button>
              );
            })}
          </div>
        )}
      </Section>

      <Section>
        <TextField
          label={t('wallet.withdraw.amount')}
          inputMode="decimal"
          placeholder={
            c.withdrawable < c.minAmount
              ? t('wallet.withdraw.belowMinPh', { min: formatMoney(c.minAmount, symbol) })
              : `${formatMoney(c.minAmount, symbol)} – ${formatMoney(Math.min(c.maxAmount, c.withdrawable), symbol)}`
          }
          prefix={<span className="amount-prefix">{symbol}</span>}
          suffix={
            <button type="button" className="all-btn" onClick={form.fillAll} data-testid="withdraw-all">
              {t('wallet.withdraw.all')}
            </button>
          }
          value={form.amountText}
          onValue={form.setAmount}
          error={form.amountError}
          testId="withdraw-amount"
        />
        <PasscodeField
          label={t('wallet.withdraw.fundPassword')}
          hint={<ForgotFundPasswordLink onDone={() => void config.refetch()} />}
          value={form.fundPassword}
          onValue={form.setFundPassword}
          error={form.passwordError}
          testId="withdraw-fund-password"
        />
        {form.formError && (
          <div className="form-error" role="alert" data-testid="withdraw-error">
            {form.formError}
          </div>
        )}
        <SubmitButton
          busy={form.busy}
          label={t('wallet.withdraw.submit')}
          busyLabel={t('wallet.withdraw.submitting')}
          disabled={view.blocked}
          testId="withdraw-submit"
        />
      </Section>

      <WithdrawConfirm
        visible={form.confirming}
        amount={amount ?? 0}
        rules={rules}
        accountText={acctText}
        busy={form.busy}
        onCancel={form.cancelConfirm}
        onConfirm={() => void form.confirm()}
      />
    </form>
  );
}
