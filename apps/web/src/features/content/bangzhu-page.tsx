import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChipRadios } from '../../components/ui/chip-filter';
import { ErrorState, InfoState, PageSkeleton } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { useSysConfig } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { contentListQuery, HELP_CATEGORIES, type HelpCategory } from './api/content-list';
import './content.css';
import { FaqItem } from './faq-item';
import './i18n';

/** Text of an answer for the search: its HTML without tags. */
const plain = (html: string) => html.replace(/<[^>]*>/g, ' ');

/**
 * /user/bangzhu: the help centre. Category tabs (充值, 取款, 账户, 投注, 代理; `?c=` opens one),
 * questions that open to their answer, a search over every question and answer, and the
 * operator's customer-service link while one is set.
 */
export default function BangzhuPage() {
  const { t, lang } = useT();
  const [params] = useSearchParams();
  const asked = params.get('c') as HelpCategory | null;
  const [category, setCategory] = useState<HelpCategory>(
    asked && HELP_CATEGORIES.includes(asked) ? asked : HELP_CATEGORIES[0]!,
  );
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLowerCase());
  const q = useQuery(contentListQuery('help', lang));
  const serviceUrl = useSysConfig().data?.serviceUrl;

  let body;
  if (q.isPending) body = <PageSkeleton />;
  else if (q.isError) body = <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else {
    const shown = term
      ? q.data.list.filter((e) => `${e.title} ${plain(e.body)}`.toLowerCase().includes(term))
      : q.data.list.filter((e) => e.category === category);
    body =
      shown.length === 0 ? (
        <InfoState
          icon="?"
          title={t(term ? 'content.help.noMatch' : 'content.help.empty')}
          text={term ? t(serviceUrl ? 'content.help.noMatchText' : 'content.help.noMatchTryOther') : undefined}
        />
      ) : (
        <div className="faq" data-testid="help-list">
          {shown.map((e) => (
            <FaqItem
              key={e.key}
              entry={e}
              tag={term && e.category ? t(`content.help.cat.${e.category}`) : null}
              testId={`answer-${e.key}`}
            />
          ))}
        </div>
      );
  }

  return (
    <div className="page help" data-testid="help-page">
      <label className="help-search">
        <span aria-hidden="true">⌕</span>
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('content.help.search')}
          aria-label={t('content.help.search')}
          data-testid="help-search"
        />
      </label>
      {!term && (
        <ChipRadios
          options={HELP_CATEGORIES}
          value={category}
          onChange={setCategory}
          label={(c) => t(`content.help.cat.${c}`)}
          dataKey="category"
          chipClass="help-chip"
          ariaLabel={t('content.help.categories')}
          testId="help-categories"
        />
      )}
      {body}
      {serviceUrl && (
        <div className="help-more card" data-testid="help-service">
          <div>
            <strong>{t('content.help.moreTitle')}</strong>
            <div className="muted small">{t('content.help.moreText')}</div>
          </div>
          <a className="btn btn-gold btn-small" href={serviceUrl} target="_blank" rel="noopener noreferrer">
            {t('content.service')}
          </a>
        </div>
      )}
    </div>
  );
}
