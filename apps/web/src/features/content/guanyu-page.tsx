import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { useSysConfig } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { contentListQuery } from './api/content-list';
import './content.css';
import { FaqItem } from './faq-item';
import './i18n';

/**
 * /user/guanyu: the site's name and the app's version, then the terms, privacy policy,
 * responsible gaming and licence (the about pages, each opening in place), and where to get help.
 */
export default function GuanyuPage() {
  const { t, lang } = useT();
  const sys = useSysConfig().data;
  const q = useQuery(contentListQuery('about', lang));
  return (
    <div className="page about" data-testid="about-page">
      <section className="about-hero">
        <Logo size={64} />
        <h1 data-testid="site-name">{sys?.siteName ?? '\u00a0'}</h1>
        <div className="muted small" data-testid="app-version">
          {t('content.about.version', { version: __APP_VERSION__ })}
        </div>
      </section>

      <h2 className="section-title">{t('content.about.documents')}</h2>
      {q.isPending ? (
        <div className="card">
          <SkeletonLines count={4} />
        </div>
      ) : q.isError ? (
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <div className="faq about-docs" data-testid="about-docs">
          {q.data.list.map((p) => (
            <FaqItem key={p.key} entry={p} testId={`doc-${p.key}`} />
          ))}
        </div>
      )}

      <h2 className="section-title">{t('content.about.more')}</h2>
      <nav className="link-list card">
        <Link to={pathTo('bangzhu')}>{t('title.bangzhu')}</Link>
        <Link to={pathTo('touzhugiuze')}>{t('title.touzhugiuze')}</Link>
        <Link to={pathTo('shangwu')}>{t('title.shangwu')}</Link>
        {sys?.serviceUrl && (
          <a href={sys.serviceUrl} target="_blank" rel="noopener noreferrer">
            {t('content.service')}
          </a>
        )}
      </nav>
      <p className="about-foot muted small">{t('content.about.adults', { site: sys?.siteName ?? '' })}</p>
    </div>
  );
}
