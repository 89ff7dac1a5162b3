import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { agent, agentsAdmin, agentSettlementsAdmin as settlements } from '@breakshot/contracts';
import { useMay } from '../../lib/use-may';
import { AgentDrawer } from './agent-drawer';
import { AgentTree, type TreeView } from './agent-tree';
import { PlatformTiersTab } from './platform-tiers-tab';
import { StatementsTab } from './statements-tab';
import { TransfersTab } from './transfers-tab';
import { agentTexts as t } from './texts';

/** Where the page is kept in the address: the tab, the tree's level or search, and the open player. */
const PARAM = { tab: 'tab', parent: 'parent', keyword: 'q', kind: 'kind', open: 'agent' } as const;
const TREE = 'tree';

const idOf = (v: string | null): number | null => (v && /^\d+$/.test(v) ? Number(v) : null);

/**
 * 代理: the invite tree with each player's rates, links and profile, the agent transfers, the
 * settlement statements (and a period settled by hand) and the platform commission table.
 */
export default function AgentsPage() {
  const may = useMay();
  const [params, setParams] = useSearchParams();
  const kind = agent.memberKind.safeParse(params.get(PARAM.kind)).data ?? null;
  const view: TreeView = { parentId: idOf(params.get(PARAM.parent)), keyword: params.get(PARAM.keyword) ?? '', kind };
  const open = idOf(params.get(PARAM.open));

  const update = (changes: Partial<Record<keyof typeof PARAM, string | number | null>>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        const name = PARAM[k as keyof typeof PARAM];
        if (v === null || v === '') next.delete(name);
        else next.set(name, String(v));
      }
      return next;
    });

  const browse = (parentId: number | null) => update({ tab: null, parent: parentId, keyword: null, open: null });
  const openAgent = (id: number) => update({ open: id });

  const tabs = [
    {
      key: TREE,
      label: t.treeTab,
      children: (
        <AgentTree
          view={view}
          onBrowse={browse}
          onOpen={openAgent}
          onSearch={(keyword) => update({ keyword, parent: null })}
          onKind={(k) => update({ kind: k })}
        />
      ),
    },
    may(agentsAdmin.agentTransfersList) && {
      key: 'transfers',
      label: t.transfersTab,
      children: <TransfersTab onOpen={openAgent} />,
    },
    may(settlements.statementsList) && {
      key: 'statements',
      label: t.statementsTab,
      children: <StatementsTab onOpen={openAgent} />,
    },
    may(settlements.platformTiersGet) && {
      key: 'tiers',
      label: t.tiersTab,
      children: <PlatformTiersTab />,
    },
  ].filter((x) => x !== false);

  return (
    <>
      <Tabs
        items={tabs}
        activeKey={params.get(PARAM.tab) ?? TREE}
        onChange={(key) => update({ tab: key === TREE ? null : key })}
        destroyOnHidden
      />
      <AgentDrawer id={open} onOpen={openAgent} onBrowse={browse} onClose={() => update({ open: null })} />
    </>
  );
}
