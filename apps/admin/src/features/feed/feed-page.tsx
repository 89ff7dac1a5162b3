import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { feedAdmin } from '@breakshot/contracts';
import { useMay } from '../../lib/use-may';
import { EventsTab } from './events-tab';
import { ProvidersTab } from './providers-tab';
import { feedTexts as t } from './texts';

/** Where the page is kept in the address: the tab, and the match whose events are shown. */
const PARAM = { tab: 'tab', match: 'match' } as const;
const PROVIDERS = 'providers';
const EVENTS = 'events';

const matchOf = (v: string | null): number | null => (v && /^[1-9]\d*$/.test(v) ? Number(v) : null);

/** 数据源: the billiards feed's providers with their health and keys, and each match's event log. */
export default function FeedPage() {
  const may = useMay();
  const [params, setParams] = useSearchParams();
  const matchId = matchOf(params.get(PARAM.match));
  // A link to a match's events (?match=ID, from the billiards page) opens its tab.
  const active = params.get(PARAM.tab) ?? (matchId === null ? PROVIDERS : EVENTS);

  const update = (changes: Partial<Record<keyof typeof PARAM, string | number>>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) next.set(PARAM[k as keyof typeof PARAM], String(v));
      return next;
    });

  const tabs = [
    may(feedAdmin.providers) && { key: PROVIDERS, label: t.providersTab, children: <ProvidersTab /> },
    may(feedAdmin.matchEvents) && {
      key: EVENTS,
      label: t.eventsTab,
      children: <EventsTab matchId={matchId} onMatch={(id) => update({ tab: EVENTS, match: id })} />,
    },
  ].filter((x) => x !== false);
  return <Tabs items={tabs} activeKey={active} onChange={(tab) => update({ tab })} destroyOnHidden />;
}
