import type { withdrawals } from '@breakshot/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PasscodeField, SubmitButton, TextField } from '../../components/ui/form-field';
import { MoneyText } from '../../components/ui/money-text';
import { RadioMark } from '../../components/ui/radio-mark';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { FundPasswordNotice } from '../../components/wallet/fund-password-gate';
import { ForgotFundPasswordLink } from '../../components/wallet/fund-password-reset-sheet';
import { bpsText, Section, TypeIcon } from '../../components/wallet/wallet-ui';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from '../../lib/amount';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useRequestId } from '../../lib/request-id';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { ACCOUNT_METHODS, describeAccount, TYPE_ORDER, useWithdrawAccounts } from '../../lib/withdraw-accounts';
import { useAddWithdraw } from './api/add-withdraw';
import { useWithdrawConfig } from './api/withdraw-config';
import './i18n';
import { WithdrawConfirm } from './withdraw-confirm';
import { feeWaiverState, withdrawAmountError } from './withdraw-rules';
import './withdraw.css';

type Account = withdrawals.WithdrawAccount;

/** The default method's default account, else any default, else the first. */
export function preselect(list: Account[], defaultType: string | null): Account | undefined {
  return (
    list.find((a) => a.isDefault && a.type === defaultType) ??
    list.find((a) => a.type === defaultType) ??
    list.find((a) => a.isDefault) ??
    list[0]
  );
}

const retryAfterOf = (err: unknown): number | null => {
  if (err instanceof ApiError && err.code === 429) {
    return err.data?.retryAfter ?? 900;
  }
  return null;
};

/** /user/qukuan's form: balance, turnover, limits, account, amount (全部), fund password, confirm. */
export function WithdrawForm() {
  const { t, lang } = useT();
  const symbol = useCurrencySymbol();
  const navigate = useNavigate();
  const config = useWithdrawConfig();
  const accounts = useWithdrawAccounts();
  const add = useAddWithdraw();
  // A confirm after a network failure sends the same id: the request it may have made is not made twice.
  const request = useRequestId();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; msg: string } | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);

  if (config.isPending || accounts.isPending) {
    return (
      <div className="card">
        <SkeletonLines count={6} />
      </div>
    );
  }
  if (config.isError || accounts.isError) {
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
  const waiver = feeWaiverState(c);
  const rules = { ...c, feeWaived: waiver?.kind === 'free' };
  const list = [...accounts.data.list].sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
  const account = list.find((a) => a.id === accountId) ?? preselect(list, accounts.data.defaultType);
  const amount = parseAmountInput(text);
  const amountError = withdrawAmountError(text, rules, symbol);
  const passwordError = /^\d{6}$/.test(fundPassword) ? undefined : t('ui.fundPwd.enter');
  const timesLeft = Math.max(0, c.dailyCount - c.usedToday);
  const lockSeconds = lockedUntil
    ? Math.max(0, Math.ceil((lockedUntil - Date.now()) / 1000))
    : (c.locked?.retryAfter ?? 0);
  const locked = lockSeconds > 0;
  const turnoverPct =
    c.turnover.required > 0 ? Math.min(100, Math.round((c.turnover.done / c.turnover.required) * 100)) : 100;
  const blocked = !c.hasFundPassword || locked || timesLeft === 0 || !account;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setTouched(true);
    if (blocked || amountError || passwordError || add.isPending) return;
    setConfirming(true);
  };

  const confirm = async () => {
    if (!account || amount === null || add.isPending) return;
    setServerError(null);
    try {
      const res = await add.mutateAsync({ accountId: account.id, amount, fundPassword, requestId: request.take() });
      request.settle();
      setConfirming(false);
      void showToast(t('wallet.withdraw.done'), 'success');
      void navigate(pathTo('qukuanDetails', {}, { orderNo: res.orderNo }));
    } catch (err) {
      request.settle(err);
      setConfirming(false);
      setFundPassword('');
      const retry = retryAfterOf(err);
      if (retry !== null) setLockedUntil(Date.now() + retry * 1000);
      const field = err instanceof ApiError ? err.data?.field : undefined;
      setServerError({ field, msg: errorText(err) });
      void config.refetch();
    }
  };

  const acctText = account ? `${t(ACCOUNT_METHODS[account.type].nameKey)} ${describeAccount(account, lang).sub}` : '';

  return (
    <form onSubmit={submit} noValidate data-testid="withdraw-form">
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
                  onClick={() => setAccountId(a.id)}
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
            <button
              type="button"
              className="all-btn"
              onClick={() => {
                setText(toAmountInput(Math.min(c.withdrawable, c.maxAmount)));
                setTouched(true);
              }}
              data-testid="withdraw-all"
            >
              {t('wallet.withdraw.all')}
            </button>
          }
          value={text}
          onValue={(v) => {
            setText(cleanAmountTyping(v));
            setTouched(true);
            setServerError(null);
          }}
          error={(touched ? amountError : null) ?? (serverError?.field === 'amount' ? serverError.msg : undefined)}
          testId="withdraw-amount"
        />
        <PasscodeField
          label={t('wallet.withdraw.fundPassword')}
          hint={<ForgotFundPasswordLink onDone={() => void config.refetch()} />}
          value={fundPassword}
          onValue={(v) => {
            setFundPassword(v);
            setServerError(null);
          }}
          error={
            (submitted ? passwordError : undefined) ??
            (serverError?.field === 'fundPassword' ? serverError.msg : undefined)
          }
          testId="withdraw-fund-password"
        />
        {serverError && serverError.field !== 'amount' && serverError.field !== 'fundPassword' && (
          <div className="form-error" role="alert" data-testid="withdraw-error">
            {serverError.msg}
          </div>
        )}
        <SubmitButton
          busy={add.isPending}
          label={t('wallet.withdraw.submit')}
          busyLabel={t('wallet.withdraw.submitting')}
          disabled={blocked}
          testId="withdraw-submit"
        />
      </Section>

      <WithdrawConfirm
        visible={confirming}
        amount={amount ?? 0}
        rules={rules}
        accountText={acctText}
        busy={add.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
    </form>
  );
}
