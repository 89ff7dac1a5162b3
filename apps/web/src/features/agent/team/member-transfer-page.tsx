import { agent, validationText } from '@breakshot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormError, PasscodeField, SubmitButton, TextField } from '../../../components/ui/form-field';
import { MoneyText } from '../../../components/ui/money-text';
import { ErrorState, PageSkeleton, SkeletonLines } from '../../../components/ui/page-state';
import { agentKeys } from '../../../lib/agent-keys';
import { cleanAmountTyping, parseAmountInput } from '../../../lib/amount';
import { ApiError, type DataOf } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { pathTo } from '../../../lib/paths';
import { useRequestId } from '../../../lib/request-id';
import { useSession } from '../../../lib/session';
import { useCurrencySymbol } from '../../../lib/sys-config';
import { errorText, showToast } from '../../../lib/toast';
import { KindChip, PasswordNotice, useMemberIdParam } from '../shared/agent-ui';
import { useAgentHome } from '../api/home';
import { fetchMembers, useMemberDetails, type TeamMember } from '../api/members';
import { useAgentTransfer } from '../api/transfer';
import { ForgotLink } from '../shared/forgot-link';

type Field = 'memberId' | 'amount' | 'turnoverMultiple' | 'remark' | 'rechargePassword';
const FIELDS: readonly Field[] = ['memberId', 'amount', 'turnoverMultiple', 'remark', 'rechargePassword'];
type Done = DataOf<typeof agent.agentTransfer>;

/**
 * /user/daili/chongzhi: 代充 — from my balance to a member of my team (searched, or preselected by
 * `?id=`): amount, turnover multiple (default 1), remark, recharge password. One requestId per
 * tap of 确认转账, kept while no answer came, so a retry after a network failure moves money once.
 */
export default function MemberTransferPage() {
  const home = useAgentHome();
  const preset = useMemberIdParam();
  const [memberId, setMemberId] = useState(preset);
  const [done, setDone] = useState<Done | null>(null);
  if (home.isPending) return <PageSkeleton />;
  if (home.isError) return <ErrorState message={errorText(home.error)} onRetry={() => void home.refetch()} />;
  return (
    <div className="page ag">
      {done ? (
        <TransferDone done={done} onAgain={() => setDone(null)} />
      ) : (
        <>
          <MemberPicker memberId={memberId} onPick={setMemberId} />
          <TransferForm memberId={memberId} hasPassword={home.data.hasRechargePassword} onDone={setDone} />
        </>
      )}
    </div>
  );
}

/** The chosen member, or a search of my team to choose one. */
function MemberPicker({ memberId, onPick }: { memberId: number; onPick: (id: number) => void }) {
  const { t } = useT();
  const chosen = useMemberDetails(memberId);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const filter = { scope: 'team' as const, keyword, sort: 'registered' as const, order: 'desc' as const };
  const found = useQuery({
    queryKey: [...agentKeys.members(filter), 'pick'],
    queryFn: () => fetchMembers(1, 10, filter),
    enabled: !!keyword && !memberId,
  });

  if (memberId) {
    return (
      <section className="card ag-picked" data-testid="picked-member" data-member-id={memberId}>
        {chosen.isPending ? (
          <SkeletonLines count={2} />
        ) : chosen.isError ? (
          <div className="form-error" role="alert">
            {errorText(chosen.error)}
          </div>
        ) : (
          <div className="ag-picked-main">
            <span className="muted small">{t('agent.transfer.to')}</span>
            <strong className="ag-ellipsis">{chosen.data.username}</strong>
            <KindChip kind={chosen.data.kind} />
            <span className="muted small">ID {chosen.data.id}</span>
          </div>
        )}
        <button type="button" className="link-btn" onClick={() => onPick(0)} data-testid="change-member">
          {t('agent.transfer.change')}
        </button>
      </section>
    );
  }

  return (
    <section className="card ag-picker" data-testid="member-picker">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(text.trim().slice(0, 32));
        }}
        role="search"
      >
        <TextField
          label={t('agent.transfer.member')}
          placeholder={t('agent.search.placeholder')}
          value={text}
          onValue={setText}
          maxLength={32}
          enterKeyHint="search"
          testId="pick-keyword"
          suffix={
            <button type="submit" className="btn btn-gold btn-small" data-testid="pick-search">
              {t('agent.search.submit')}
            </button>
          }
        />
      </form>
      {keyword &&
        (found.isPending ? (
          <SkeletonLines count={2} />
        ) : found.isError ? (
          <div className="form-error" role="alert">
            {errorText(found.error)}
          </div>
        ) : found.data.list.length === 0 ? (
          <p className="muted small">{t('agent.search.emptyText', { keyword })}</p>
        ) : (
          <div className="ag-pick-list">
            {found.data.list.map((m: TeamMember) => (
              <button
                key={m.id}
                type="button"
                className="ag-pick"
                onClick={() => onPick(m.id)}
                data-testid={`pick-${m.id}`}
              >
                <span className="ag-ellipsis">{m.username}</span>
                <KindChip kind={m.kind} />
                <span className="muted small">ID {m.id}</span>
              </button>
            ))}
          </div>
        ))}
    </section>
  );
}

function TransferForm({
  memberId,
  hasPassword,
  onDone,
}: {
  memberId: number;
  hasPassword: boolean;
  onDone: (done: Done) => void;
}) {
  const { t, lang } = useT();
  const symbol = useCurrencySymbol();
  const balance = useSession((s) => s.userInfo?.balance ?? 0);
  const transfer = useAgentTransfer();
  const request = useRequestId();
  const [values, setValues] = useState({ amount: '', turnoverMultiple: '1', remark: '', rechargePassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ field?: Field; text: string } | null>(null);

  const amount = parseAmountInput(values.amount);
  const multiple = Number(values.turnoverMultiple);
  const all: Partial<Record<Field, string>> = {};
  if (!memberId) all.memberId = t('agent.transfer.pickFirst');
  if (!values.amount) all.amount = validationText('required', lang);
  else if (amount === null) all.amount = t('wallet.amountFormat');
  else if (amount <= 0) all.amount = validationText('amount.positive', lang);
  else if (amount > agent.MAX_AGENT_TRANSFER)
    all.amount = t('agent.transfer.max', { max: formatMoney(agent.MAX_AGENT_TRANSFER, symbol) });
  else if (amount > balance) all.amount = t('agent.transfer.overBalance');
  if (!/^\d{1,2}$/.test(values.turnoverMultiple) || multiple > agent.MAX_TRANSFER_TURNOVER_MULTIPLE)
    all.turnoverMultiple = t('agent.transfer.multipleRange', { max: agent.MAX_TRANSFER_TURNOVER_MULTIPLE });
  if (values.remark.trim().length > 100) all.remark = t('agent.link.remarkTooLong');
  if (!/^\d{6}$/.test(values.rechargePassword)) all.rechargePassword = validationText('fundPassword.format', lang);
  const errors: Partial<Record<Field, string>> = submitted ? { ...all } : {};
  if (server?.field) errors[server.field] = server.text;

  const set = (f: keyof typeof values) => (v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    setServer(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServer(null);
    if (Object.keys(all).length > 0 || amount === null || transfer.isPending) return;
    try {
      const res = await transfer.mutateAsync({
        memberId,
        amount,
        turnoverMultiple: multiple,
        remark: values.remark.trim(),
        rechargePassword: values.rechargePassword,
        requestId: request.take(),
      });
      request.settle();
      void showToast(t('agent.transfer.done'), 'success');
      onDone(res);
    } catch (err) {
      request.settle(err);
      setValues((s) => ({ ...s, rechargePassword: '' }));
      const raw = err instanceof ApiError ? err.data?.field : undefined;
      const field = FIELDS.find((f) => f === raw);
      setServer({ ...(field ? { field } : {}), text: errorText(err) });
    }
  };

  const credit = amount !== null && amount > 0 && /^\d{1,2}$/.test(values.turnoverMultiple) ? amount * multiple : null;

  return (
    <form className="ag-form" onSubmit={(e) => void submit(e)} noValidate data-testid="transfer-form">
      {errors.memberId && (
        <div className="form-error" role="alert" data-testid="transfer-member-error">
          {errors.memberId}
        </div>
      )}
      {!hasPassword && <PasswordNotice kind="recharge" />}
      <section className="card">
        <div className="ag-balance">
          <span className="muted small">{t('agent.transfer.myBalance')}</span>
          <MoneyText value={balance} className="ag-balance-value" />
        </div>
        <TextField
          label={t('agent.transfer.amount')}
          inputMode="decimal"
          placeholder={t('wallet.amountPh')}
          prefix={<span className="amount-prefix">{symbol}</span>}
          value={values.amount}
          onValue={(v) => set('amount')(cleanAmountTyping(v))}
          error={errors.amount}
          testId="transfer-amount"
        />
        <TextField
          label={t('agent.transfer.multiple')}
          inputMode="numeric"
          suffix={<span className="ag-pct">×</span>}
          value={values.turnoverMultiple}
          onValue={(v) => set('turnoverMultiple')(v.replace(/\D/g, '').slice(0, 2))}
          error={errors.turnoverMultiple}
          testId="transfer-multiple"
        />
        <p className="muted small ag-note" data-testid="transfer-turnover">
          {credit !== null
            ? t('agent.transfer.turnover', { turnover: formatMoney(credit, symbol) })
            : t('agent.transfer.multipleHint')}
        </p>
        <TextField
          label={t('agent.transfer.remark')}
          placeholder={t('agent.link.remarkPh')}
          maxLength={100}
          value={values.remark}
          onValue={set('remark')}
          error={errors.remark}
          testId="transfer-remark"
        />
        {hasPassword && (
          <PasscodeField
            label={t('agent.pwd.recharge.label')}
            hint={<ForgotLink kind="recharge" />}
            value={values.rechargePassword}
            onValue={set('rechargePassword')}
            error={errors.rechargePassword}
            testId="recharge-password"
          />
        )}
        <FormError text={server && !server.field ? server.text : null} />
        <SubmitButton
          busy={transfer.isPending}
          label={t('agent.transfer.submit')}
          busyLabel={t('ui.submitting')}
          disabled={!hasPassword}
          testId="transfer-submit"
        />
      </section>
    </form>
  );
}

/** After a transfer: what moved to whom, my balance now, and on to another one. */
function TransferDone({ done, onAgain }: { done: Done; onAgain: () => void }) {
  const { t } = useT();
  return (
    <section className="card ag-done" data-testid="transfer-done">
      <div className="ag-done-icon" aria-hidden="true">
        ✓
      </div>
      <h2>
        <MoneyText value={done.amount} />
      </h2>
      <p className="muted">{t('agent.transfer.doneText', { username: done.memberUsername })}</p>
      <p className="small">
        {t('agent.transfer.balanceNow')} <MoneyText value={done.balance} />
      </p>
      <div className="ag-done-actions">
        <Link className="btn btn-ghost" to={pathTo('dlDailiDetails', { id: done.memberId })}>
          {t('agent.kaihu.openDetails')}
        </Link>
        <button type="button" className="btn btn-gold" onClick={onAgain} data-testid="transfer-again">
          {t('agent.transfer.again')}
        </button>
      </div>
    </section>
  );
}
