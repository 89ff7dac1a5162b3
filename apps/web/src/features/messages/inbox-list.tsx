import MailOutline from 'antd-mobile-icons/es/MailOutline';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import SwipeAction from 'antd-mobile/es/components/swipe-action';
import { Link } from 'react-router';
import { RecordList } from '../../components/ui/record-list';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { showToast, errorText } from '../../lib/toast';
import { inboxKeys, useUnreadCounts } from '../../lib/unread';
import { KindIcon } from './kind-icon';
import { fetchInbox, useDeleteMessages, useMarkRead, type InboxItem, type InboxTab } from './api/inbox';

/**
 * One tab of /user/myMessage: the unread count and 全部已读 above the items (unread ones with a
 * dot); a personal message swipes left to delete. A row opens /user/messageDetails.
 */
export function InboxList({ tab }: { tab: InboxTab }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const counts = useUnreadCounts();
  const unread = counts?.[tab] ?? 0;
  const markRead = useMarkRead();
  const remove = useDeleteMessages();

  const markAll = () =>
    markRead.mutate(
      { tab, all: true },
      {
        onSuccess: () => void showToast(t('messages.markedAll'), 'success'),
        onError: (err) => void showToast(errorText(err), 'fail'),
      },
    );
  const onDelete = (id: number) =>
    remove.mutate([id], {
      onSuccess: () => void showToast(t('messages.deleted'), 'success'),
      onError: (err) => void showToast(errorText(err), 'fail'),
    });

  const row = (m: InboxItem) => (
    <Link
      className={`rec inbox-row${m.read ? '' : ' unread'}`}
      to={pathTo('messageDetails', {}, { tab, id: m.id })}
      // A dragged link would start the browser's own drag instead of the swipe.
      draggable={false}
      data-testid="inbox-row"
      data-id={m.id}
      data-kind={m.kind}
      data-read={m.read}
    >
      <KindIcon kind={m.kind} label={t(`messages.kind.${m.kind}`)} />
      <span className="inbox-main">
        <span className="rec-top">
          <span className="rec-title inbox-title">
            {!m.read && <i className="inbox-dot" aria-label={t('messages.unread')} />}
            <span className="inbox-title-text">{m.title}</span>
          </span>
          <span className="inbox-time">{formatDateTime(m.createdAt).slice(5, 16)}</span>
        </span>
        <span className="inbox-summary">{m.summary}</span>
      </span>
    </Link>
  );

  return (
    <RecordList
      queryKey={inboxKeys.tab(tab)}
      fetchPage={(page, pageSize) => fetchInbox(tab, page, pageSize)}
      itemKey={(m) => m.id}
      testId={`inbox-${tab}`}
      empty={{
        icon: tab === 'notice' ? <SoundOutline /> : <MailOutline />,
        title: t(`messages.empty.${tab}.title`),
        text: t(`messages.empty.${tab}.text`),
      }}
      top={() => (
        <div className="inbox-bar">
          <span className="muted" data-testid={`unread-${tab}`} data-count={unread}>
            {/* Nothing said until the counts are known: "none unread" would be a guess. */}
            {counts === undefined
              ? ''
              : unread > 0
                ? t('messages.unreadCount', { count: unread })
                : t('messages.allRead')}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={unread === 0 || markRead.isPending}
            onClick={markAll}
            data-testid="mark-all-read"
          >
            {t('messages.markAll')}
          </button>
        </div>
      )}
      renderItem={(m) =>
        tab === 'message' ? (
          <SwipeAction
            className="inbox-swipe"
            rightActions={[
              { key: 'delete', text: t('messages.delete'), color: 'danger', onClick: () => onDelete(m.id) },
            ]}
          >
            {row(m)}
          </SwipeAction>
        ) : (
          row(m)
        )
      }
    />
  );
}
