import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState, InfoState, PageSkeleton } from '../../components/ui/page-state';
import { RichText } from '../../components/ui/rich-text';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { errorText } from '../../lib/toast';
import { useInboxItem, useMarkRead, type InboxTab } from './api/inbox';
import './i18n';
import './messages.css';

/** /user/messageDetails?tab=…&id=…: title, time and sanitized rich text; opening it marks it read. */
export default function MessageDetailsPage() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const [params] = useSearchParams();
  const tab: InboxTab = params.get('tab') === 'notice' ? 'notice' : 'message';
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useInboxItem(tab, valid ? id : 0);
  const { mutate } = useMarkRead();
  const unreadId = q.data && !q.data.read ? q.data.id : null;
  useEffect(() => {
    if (unreadId !== null) mutate({ tab, ids: [unreadId] });
  }, [unreadId, tab, mutate]);

  if (!valid) return <InfoState icon="?" title={t('messages.notFound')} />;
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) {
    return (q.error as { code?: number }).code === 404 ? (
      <InfoState icon="?" title={t('messages.notFound')} />
    ) : (
      <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
    );
  }
  const m = q.data;
  return (
    <article className="page inbox-article" data-testid="message-details" data-id={m.id} data-kind={m.kind}>
      <span className={`inbox-kind kind-${m.kind}`}>{t(`messages.kind.${m.kind}`)}</span>
      <h1 className="inbox-article-title">{m.title}</h1>
      <div className="inbox-article-meta muted">{formatDateTime(m.createdAt).slice(0, 16)}</div>
      <div className="card inbox-article-body">
        <RichText html={m.body ?? ''} testId="message-body" />
      </div>
      {m.link && (
        <Link className="btn btn-gold btn-block inbox-article-action" to={m.link}>
          {t('messages.open')}
        </Link>
      )}
    </article>
  );
}
