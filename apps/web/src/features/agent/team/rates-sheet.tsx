import { validationText } from '@breakshot/contracts';
import { useState } from 'react';
import { FormError, SubmitButton } from '../../../components/ui/form-field';
import { FormSheet } from '../../../components/ui/form-sheet';
import { SkeletonLines } from '../../../components/ui/page-state';
import { useT } from '../../../lib/i18n';
import { errorText, showToast } from '../../../lib/toast';
import { useAgentHome } from '../api/home';
import { useSetMemberRates, type MemberDetails } from '../api/members';
import { SecurityPasswordField } from '../shared/security-password-field';
import { RatesFields } from '../shared/rates-fields';
import { ratesToTexts, readRates, serverFieldOf, type RateField, type RateTexts } from '../shared/rates';

type Errors = Partial<Record<RateField | 'securityPassword', string>>;

/** Bottom sheet setting a direct member's rates (and an agent's ratio), each ≤ mine, with my security password. */
export function RatesSheet({
  member,
  visible,
  onClose,
}: {
  member: MemberDetails;
  visible: boolean;
  onClose: () => void;
}) {
  const { t, lang } = useT();
  const home = useAgentHome();
  const save = useSetMemberRates();
  const withRatio = member.kind === 'agent';
  const [texts, setTexts] = useState<RateTexts>(() => ratesToTexts(member.rates, member.dividendRatioBp));
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ field?: RateField | 'securityPassword'; text: string } | null>(null);

  const own = home.data;
  const read = own ? readRates(texts, own, withRatio, lang) : null;
  const errors: Errors = submitted ? { ...read?.errors } : {};
  if (submitted && !/^\d{6}$/.test(password)) errors.securityPassword = validationText('fundPassword.format', lang);
  if (server?.field) errors[server.field] = server.text;

  const submit = async () => {
    setSubmitted(true);
    setServer(null);
    if (!read?.value || !/^\d{6}$/.test(password) || save.isPending) return;
    try {
      await save.mutateAsync({ id: member.id, ...read.value, securityPassword: password });
      void showToast(t('agent.details.saved'), 'success');
      onClose();
    } catch (err) {
      setPassword('');
      const field = serverFieldOf(err, ['securityPassword'] as const);
      setServer({ ...(field ? { field } : {}), text: errorText(err) });
    }
  };

  return (
    <FormSheet
      visible={visible}
      onClose={onClose}
      title={t('agent.details.editTitle', { username: member.username })}
      onSubmit={submit}
      testId="rates-sheet"
    >
      {!own ? (
        <SkeletonLines count={4} />
      ) : (
        <>
          <RatesFields
            texts={texts}
            onText={(f, v) => {
              setTexts((s) => ({ ...s, [f]: v }));
              setServer(null);
            }}
            own={own}
            withRatio={withRatio}
            errors={errors}
          />
          <SecurityPasswordField
            has={own.hasSecurityPassword}
            value={password}
            onValue={(v) => {
              setPassword(v);
              setServer(null);
            }}
            error={errors.securityPassword}
          />
          <FormError text={server && !server.field ? server.text : null} />
          <SubmitButton
            busy={save.isPending}
            label={t('agent.details.save')}
            busyLabel={t('ui.submitting')}
            disabled={!own.hasSecurityPassword}
            testId="rates-submit"
          />
        </>
      )}
    </FormSheet>
  );
}
