import EditSOutline from 'antd-mobile-icons/es/EditSOutline';
import { RecordList } from '../../components/ui/record-list';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { feedbackKeys, fetchMyFeedback, type FeedbackItem } from './api/feedback';
import './i18n';

/** The player's own feedback, newest first, each with the operator's answer once given. */
export function FeedbackList() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const row = (f: FeedbackItem) => (
    <div className="rec feedback-row" data-testid="feedback-row" data-id={f.id} data-answered={f.reply !== null}>
      <div className="rec-top">
        <span className="rec-title">
          <span className={`feedback-type type-${f.type}`}>{t(`feedback.type.${f.type}`)}</span>
        </span>
        <span className={`feedback-state${f.reply ? ' answered' : ''}`}>
          {t(f.reply ? 'feedback.answered' : 'feedback.waiting')}
        </span>
      </div>
      <p className="feedback-content">{f.content}</p>
      {f.images.length > 0 && (
        <div className="feedback-images">
          {f.images.map((src) => (
            <a key={src} href={src} target="_blank" rel="noreferrer">
              <img src={src} alt="" loading="lazy" />
            </a>
          ))}
        </div>
      )}
      <div className="rec-bottom">
        <span>{formatDateTime(f.createdAt).slice(0, 16)}</span>
      </div>
      {f.reply && (
        <div className="feedback-reply" data-testid="feedback-reply">
          <div className="feedback-reply-head">
            <span>{t('feedback.reply')}</span>
            {f.repliedAt && <span className="muted">{formatDateTime(f.repliedAt).slice(0, 16)}</span>}
          </div>
          <p>{f.reply}</p>
        </div>
      )}
    </div>
  );
  return (
    <RecordList
      queryKey={feedbackKeys.mine}
      fetchPage={fetchMyFeedback}
      itemKey={(f) => f.id}
      testId="feedback-list"
      empty={{ icon: <EditSOutline />, title: t('feedback.emptyTitle'), text: t('feedback.emptyText') }}
      renderItem={row}
    />
  );
}
