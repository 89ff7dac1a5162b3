import { security, validationText, withdrawals } from '@breakshot/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { call } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { walletKeys } from '../../lib/wallet-keys';
import { validateWith } from '../ui/form-errors';
import { FormError, PasscodeField, SubmitButton } from '../ui/form-field';
import { FormSheet } from '../ui/form-sheet';
import { SmsCodeField } from '../ui/sms-code-field';
import { useFormState } from '../ui/use-form-state';
import '../ui/ui-i18n';
import '../ui/ui.css';
import './i18n';
import './wallet.css';

type F = 'code' | 'fundPassword' | 'confirm';
const schema = z.object({ code: security.smsCode, fundPassword: withdrawals.fundPassword });

/**
 * Bottom sheet resetting a forgotten fund password: an SMS code to the bound mobile, the new
 * 6 digits and their confirmation (user/edit/resetFundPassword; it also lifts a lockout of wrong
 * fund passwords). Without a bound mobile it says so and links to /user/mobile.
 */
export function FundPasswordResetSheet({
  visible,
  onClose,
  onDone,
}: {
  visible: boolean;
  onClose: () => void;
  onDone?: (() => void) | undefined;
}) {
  const { t, lang } = useT();
  const mobile = useSession((s) => s.userInfo?.mobile);
  const form = useFormState(
    { code: '', fundPassword: '', confirm: '' },
    (v) => {
      const all = validateWith<F>(schema, v, lang);
      if (!v.confirm) all.confirm = validationText('required', lang);
      else if (v.confirm !== v.fundPassword) all.confirm = validationText('password.mismatch', lang);
      return all;
    },
    ['code', 'fundPassword'],
  );

  const submit = form.submit(async ({ code, fundPassword }) => {
    await call(security.resetFundPassword, { code, fundPassword });
    await Promise.all([
      useSession.getState().loadUserInfo(),
      queryClient.invalidateQueries({ queryKey: walletKeys.withdrawConfig() }),
    ]);
    void showToast(t('wallet.fundReset.done'), 'success');
    onDone?.();
    onClose();
  });

  return (
    <FormSheet
      visible={visible}
      onClose={onClose}
      title={t('wallet.fundReset.title')}
      onSubmit={submit}
      testId="fund-reset-sheet"
    >
      {mobile ? (
        <>
          <p className="muted small">{t('wallet.fundReset.sentTo', { mobile })}</p>
          <SmsCodeField
            {...form.field('code')}
            onSend={async () => {
              await call(security.sendSmsCode, { purpose: 'fund' });
              return true;
            }}
            testId="fund-reset-code"
          />
          <PasscodeField label={t('wallet.fundReset.new')} {...form.field('fundPassword')} testId="fund-reset-new" />
          <PasscodeField label={t('wallet.fundReset.confirm')} {...form.field('confirm')} testId="fund-reset-confirm" />
          <FormError text={form.formError} />
          <SubmitButton
            busy={form.busy}
            label={t('wallet.fundReset.submit')}
            busyLabel={t('ui.submitting')}
            testId="fund-reset-submit"
          />
        </>
      ) : (
        <div className="notice notice-warn" data-testid="fund-reset-no-mobile">
          <div>
            <strong>{t('wallet.fundReset.noMobile')}</strong>
            <p>{t('wallet.fundReset.noMobileHint')}</p>
          </div>
          <Link to={pathTo('mobile')} className="btn btn-gold btn-small" onClick={onClose}>
            {t('wallet.fundReset.toMobile')}
          </Link>
        </div>
      )}
    </FormSheet>
  );
}

/** "忘记资金密码？" beside a fund-password field: opens the reset sheet. */
export function ForgotFundPasswordLink({ onDone }: { onDone?: () => void }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-btn" onClick={() => setOpen(true)} data-testid="forgot-fund-password">
        {t('wallet.fundReset.link')}
      </button>
      <FundPasswordResetSheet visible={open} onClose={() => setOpen(false)} onDone={onDone} />
    </>
  );
}
