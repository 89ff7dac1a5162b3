import type { agent } from '@breakshot/contracts';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import './i18n';

/** "忘记密码？" beside a security or recharge password field: to its SMS reset page. */
export function ForgotLink({ kind }: { kind: agent.AgentPasswordKind }) {
  const { t } = useT();
  return (
    <Link
      className="link-btn"
      to={pathTo(kind === 'security' ? 'dlWangjipass' : 'dlNewpass')}
      data-testid={`forgot-${kind}`}
    >
      {t('agent.pwd.forgot')}
    </Link>
  );
}
