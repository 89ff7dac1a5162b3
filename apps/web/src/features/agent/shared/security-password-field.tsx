import { PasscodeField } from '../../../components/ui/form-field';
import { useT } from '../../../lib/i18n';
import { PasswordNotice } from './agent-ui';
import { ForgotLink } from './forgot-link';
import './i18n';

/**
 * The security password a change of terms needs: its field with the link to reset it, or, while
 * the agent has none, the notice to set one first.
 */
export function SecurityPasswordField({
  has,
  value,
  onValue,
  error,
}: {
  has: boolean;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
}) {
  const { t } = useT();
  if (!has) return <PasswordNotice kind="security" />;
  return (
    <PasscodeField
      label={t('agent.pwd.security.label')}
      hint={<ForgotLink kind="security" />}
      value={value}
      onValue={onValue}
      error={error}
      testId="security-password"
    />
  );
}
