import { useQuery } from '@tanstack/react-query';
import { ErrorState, InfoState, PageSkeleton } from '../../components/ui/page-state';
import { useSiteTime } from '../../lib/time';
import { readBootData } from '../../lib/boot-data';
import { useT } from '../../lib/i18n';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { errorText } from '../../lib/toast';
import { contentQuery } from './api/content-get';
import './content.css';
import { seedContentBoot, type ContentBoot } from './boot';
import './i18n';
import { RichText } from '../../components/ui/rich-text';

// The page's text, when the server put it into the page (and rendered the page from it).
seedContentBoot(readBootData<ContentBoot>(), appQueryClient);

/** A rule page from content/get (/taiqiuguize: taiqiu_rules, /user/touzhugiuze: betting_rules). */
export function ContentPage({ contentKey }: { contentKey: string }) {
  const formatDateTime = useSiteTime();
  const { t, lang } = useT();
  const q = useQuery(contentQuery(contentKey, lang));
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) {
    return (q.error as { code?: number }).code === 404 ? (
      <InfoState icon="?" title={t('content.notFound')} />
    ) : (
      <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
    );
  }
  return (
    <article className="page article" data-testid="content-page" data-key={q.data.key}>
      <h1 className="article-title">{q.data.title}</h1>
      <div className="article-meta muted">
        {t('content.updated', { time: formatDateTime(q.data.updatedAt).slice(0, 10) })}
      </div>
      <RichText html={q.data.body} testId="content-body" />
    </article>
  );
}
