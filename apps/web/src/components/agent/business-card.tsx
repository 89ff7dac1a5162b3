import type { agent } from '@breakshot/contracts';
import { useT } from '../../lib/i18n';
import { Avatar } from '../ui/avatar';
import { CopyButton } from '../ui/copy-text';
import './business-card.css';
import './i18n';

type Contact = 'phone' | 'wechat' | 'qq' | 'telegram';
const CONTACTS: readonly Contact[] = ['phone', 'wechat', 'qq', 'telegram'];

/** How each contact opens, where it can (phone, Telegram); WeChat and QQ are copied. */
const HREF: Partial<Record<Contact, (v: string) => string>> = {
  phone: (v) => `tel:${v.replace(/[^\d+]/g, '')}`,
  telegram: (v) => `https://t.me/${v.replace(/^@/, '')}`,
};

/**
 * An agent's business card as the members of its team see it on /user/shangwu (and the agent in
 * the preview of /user/daili/mingpianguanli): avatar, name, intro, and each contact given with a
 * copy button.
 */
export function BusinessCardView({ card, username }: { card: agent.BusinessCard; username?: string }) {
  const { t } = useT();
  const given = CONTACTS.filter((c) => card[c]);
  const name = card.displayName || username || '';
  return (
    <section className="card bcard" data-testid="business-card">
      <div className="bcard-head">
        <Avatar className="bcard-avatar" src={card.avatar ?? ''} name={name || '?'} />
        <div className="bcard-id">
          <div className="bcard-name" data-testid="bcard-name">
            {name || <span className="muted">{t('bcard.noName')}</span>}
          </div>
          <div className="muted small">{username ? t('bcard.myAgent', { username }) : t('bcard.agent')}</div>
        </div>
      </div>
      {card.intro && <p className="bcard-intro">{card.intro}</p>}
      {given.length > 0 ? (
        <div className="bcard-contacts">
          {given.map((c) => {
            const value = card[c];
            const href = HREF[c]?.(value);
            return (
              <div key={c} className="bcard-row" data-field={c}>
                <span className="muted">{t(`bcard.${c}`)}</span>
                {href ? (
                  <a href={href} target={c === 'telegram' ? '_blank' : undefined} rel="noopener noreferrer">
                    {value}
                  </a>
                ) : (
                  <span>{value}</span>
                )}
                <CopyButton value={value} label={t(`bcard.${c}`)} />
              </div>
            );
          })}
        </div>
      ) : (
        <p className="muted small bcard-none">{t('bcard.noContact')}</p>
      )}
    </section>
  );
}
