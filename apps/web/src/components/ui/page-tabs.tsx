import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Segmented } from './segmented';

/**
 * Tabs at the top of a page (form / records) kept in `?tab=` — the first tab is the default and has
 * no parameter — and the chosen tab's content. Tab buttons carry `data-testid="tab-<key>"`.
 */
export function PageTabs<K extends string>({ tabs }: { tabs: readonly [Tab<K>, ...Tab<K>[]] }) {
  const [params, setParams] = useSearchParams();
  const [first] = tabs;
  const current = tabs.find((tab) => tab.key === params.get('tab')) ?? first;
  return (
    <>
      <Segmented
        kind="tab"
        className="page-tabs"
        options={tabs.map((tab) => ({ key: tab.key, label: tab.label, testId: `tab-${tab.key}` }))}
        value={current.key}
        onChange={(k) => setParams(k === first.key ? {} : { tab: k }, { replace: true })}
      />
      {current.content}
    </>
  );
}

interface Tab<K extends string> {
  key: K;
  label: ReactNode;
  content: ReactNode;
}
