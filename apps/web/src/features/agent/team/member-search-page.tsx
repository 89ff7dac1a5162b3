import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { TextField } from '../../../components/ui/form-field';
import { InfoState } from '../../../components/ui/page-state';
import { useT } from '../../../lib/i18n';
import '../shared/agent-ui';
import { MemberList } from './member-list';

/** /user/daili/ssuser: the whole team searched by username (part) or member ID; the search stays in `?keyword=`. */
export default function MemberSearchPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const [text, setText] = useState(keyword);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const k = text.trim().slice(0, 32);
    setParams(k ? { keyword: k } : {}, { replace: true });
  };

  return (
    <div className="page ag ag-list-page">
      <form className="card ag-search" onSubmit={submit} role="search" data-testid="member-search">
        <TextField
          label={t('agent.search.label')}
          placeholder={t('agent.search.placeholder')}
          value={text}
          onValue={setText}
          maxLength={32}
          enterKeyHint="search"
          testId="search-keyword"
          suffix={
            <button type="submit" className="btn btn-gold btn-small" data-testid="search-submit">
              {t('agent.search.submit')}
            </button>
          }
        />
      </form>
      {keyword ? (
        <MemberList
          filter={{ scope: 'team', keyword, sort: 'registered', order: 'desc' }}
          empty={{ title: t('agent.search.emptyTitle'), text: t('agent.search.emptyText', { keyword }) }}
        />
      ) : (
        <InfoState icon={<SearchOutline />} title={t('agent.search.hintTitle')} text={t('agent.search.hintText')} />
      )}
    </div>
  );
}
