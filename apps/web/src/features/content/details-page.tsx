import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorState, InfoState, PageSkeleton } from '../../components/ui/page-state';
import { useSiteTime } from '../../lib/time';
import { readBootData } from '../../lib/boot-data';
import { useT } from '../../lib/i18n';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { errorText } from '../../lib/toast';
import { noticeDetailsQuery } from './api/notice-details';
import './content.css';
import { seedContentBoot, type ContentBoot } from './boot';
import './i18n';
import { RichText } from '../../components/ui/rich-text';

// The page's text, when the server put it into the page (and rendered the page from it).
seedContentBoot(readBootData<ContentBoot>(), appQueryClient);

/** /details/{id}: an announcement or banner article — title, time, sanitized rich text. */
export default function DetailsPage() {
  const formatDateTime = useSiteTime();
  const { t, lang } = useT();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...noticeDetailsQuery(id, lang), enabled: valid });
  if (!valid) return <InfoState icon="?" title={t('content.notFound')} />;
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) {
    return (q.error as { code?: number }).code === 404 ? (
      <InfoState icon="?" title={t('content.notFound')} />
    ) : (
      <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
    );
  }
  const n = q.data;
  return (
    <article className="page article" data-testid="notice-details" data-id={n.id}>
      {n.image && <img className="article-banner" src={n.image} alt="" />}
      <h1 className="article-title">{n.title}</h1>
      <div className="article-meta muted">
        {t('content.published', { time: formatDateTime(n.publishedAt).slice(0, 16) })}
      </div>
      <RichText html={n.body} testId="notice-body" />
      {n.link && (
        <Link className="btn btn-gold btn-block article-action" to={n.link}>
          {t('content.open')}
        </Link>
      )}
    </article>
  );
}
