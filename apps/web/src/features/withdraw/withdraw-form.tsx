import { PasscodeField, SubmitButton, TextField } from '../../components/ui/form-field';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { FundPasswordNotice } from '../../components/wallet/fund-password-gate';
import { ForgotFundPasswordLink } from '../../components/wallet/fund-password-reset-sheet';
import { Section } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { ACCOUNT_METHODS, describeAccount } from '../../lib/withdraw-accounts';
import './i18n';
import { useWithdrawForm } from './use-withdraw-form';
import { WithdrawAccountPicker } from './withdraw-account-picker';
import { WithdrawBalance } from './withdraw-balance';
import { WithdrawConfirm } from './withdraw-confirm';
import { WithdrawKycNotice } from './withdraw-kyc-notice';
import { WithdrawLimits } from './withdraw-limits';
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
  const { rules, list, account, amount, lockSeconds } = view;
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
      <WithdrawBalance config={c} />

      {locked && (
        <div className="notice notice-danger" role="alert" data-testid="withdraw-locked">
          {t('wallet.withdraw.locked', { minutes: Math.ceil(lockSeconds / 60) })}
        </div>
      )}
      {!c.hasFundPassword && <FundPasswordNotice onDone={() => void config.refetch()} />}
      <WithdrawKycNotice config={c} />

      <WithdrawLimits config={c} view={view} />

      <WithdrawAccountPicker list={list} account={account} onPick={form.pickAccount} />

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
