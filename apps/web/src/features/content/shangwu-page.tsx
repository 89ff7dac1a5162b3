import MailOutline from 'antd-mobile-icons/es/MailOutline';
import type { SysConfig } from '@breakshot/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BusinessCardView } from '../../components/agent/business-card';
import { CopyButton } from '../../components/ui/copy-text';
import { ErrorState, InfoState, PageSkeleton } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { useSysConfig } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { uplineCardQuery } from './api/card-upline';
import './content.css';
import './i18n';

type ContactField = keyof SysConfig['contact'];

/** How each contact opens, where it can (mail, phone, Telegram); WeChat and QQ are copied. */
const HREF: Partial<Record<ContactField, (v: string) => string>> = {
  email: (v) => `mailto:${v}`,
  phone: (v) => `tel:${v.replace(/[^\d+]/g, '')}`,
  telegram: (v) => `https://t.me/${v.replace(/^@/, '')}`,
};
const FIELDS: readonly ContactField[] = ['email', 'phone', 'telegram', 'wechat', 'qq'];

/**
 * /user/shangwu: business cooperation — my agent's business card when my upline saved one, else
 * the platform's contact from the site config (the operator sets it).
 */
export default function ShangwuPage() {
  const { t } = useT();
  const upline = useQuery(uplineCardQuery());
  const q = useSysConfig();
  if (upline.isPending) return <PageSkeleton />;
  if (upline.data) {
    const { username, ...card } = upline.data;
    return (
      <div className="page biz" data-testid="biz-page">
        <p className="muted small biz-upline-note">{t('content.biz.uplineNote')}</p>
        <BusinessCardView card={card} username={username} />
        <AgentFoot />
      </div>
    );
  }
  // No card of my agent (or it could not be loaded): the platform's contact.
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const { contact, serviceUrl, siteName } = q.data;
  const given = FIELDS.filter((f) => contact[f]);
  return (
    <div className="page biz" data-testid="biz-page">
      <section className="biz-hero card">
        <h1>{t('content.biz.title', { site: siteName })}</h1>
        <p className="muted">{t('content.biz.intro')}</p>
        <ul className="biz-kinds">
          {(['agent', 'traffic', 'media'] as const).map((k) => (
            <li key={k}>
              <strong>{t(`content.biz.kind.${k}`)}</strong>
              <span className="muted small">{t(`content.biz.kind.${k}.text`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <h2 className="section-title">{t('content.biz.contact')}</h2>
      {given.length === 0 && !serviceUrl ? (
        <InfoState icon={<MailOutline />} title={t('content.biz.none')} />
      ) : (
        <div className="card biz-contacts" data-testid="biz-contacts">
          {given.map((f) => {
            const value = contact[f];
            const href = HREF[f]?.(value);
            return (
              <div key={f} className="biz-row" data-field={f}>
                <span className="muted">{t(`content.biz.${f}`)}</span>
                {href ? (
                  <a href={href} target={f === 'telegram' ? '_blank' : undefined} rel="noopener noreferrer">
                    {value}
                  </a>
                ) : (
                  <span>{value}</span>
                )}
                <CopyButton value={value} />
              </div>
            );
          })}
          {serviceUrl && (
            <a className="btn btn-gold btn-block" href={serviceUrl} target="_blank" rel="noopener noreferrer">
              {t('content.service')}
            </a>
          )}
        </div>
      )}
      <AgentFoot />
    </div>
  );
}

/** 想了解代理规则？ → the help centre's agent questions. */
function AgentFoot() {
  const { t } = useT();
  return (
    <p className="muted small biz-foot">
      {t('content.biz.agentHint')}{' '}
      <Link to={pathTo('bangzhu', {}, { c: 'agent' })}>{t('content.biz.agentHelp')} ›</Link>
    </p>
  );
}
