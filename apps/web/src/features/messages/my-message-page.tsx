import { PageTabs } from '../../components/ui/page-tabs';
import { useT } from '../../lib/i18n';
import { useUnreadCounts } from '../../lib/unread';
import './i18n';
import { InboxList } from './inbox-list';
import './messages.css';

/** /user/myMessage: tabs 通知 (announcements) and 消息 (personal messages, ?tab=message). */
export default function MyMessagePage() {
  const { t } = useT();
  const counts = useUnreadCounts();
  const label = (tab: 'notice' | 'message') => (
    <span className="inbox-tab">
      {t(`messages.tab.${tab}`)}
      {(counts?.[tab] ?? 0) > 0 && <i className="inbox-tab-dot" data-testid={`tab-dot-${tab}`} />}
    </span>
  );
  return (
    <div className="page inbox">
      <PageTabs
        tabs={[
          { key: 'notice', label: label('notice'), content: <InboxList key="notice" tab="notice" /> },
          { key: 'message', label: label('message'), content: <InboxList key="message" tab="message" /> },
        ]}
      />
    </div>
  );
}
