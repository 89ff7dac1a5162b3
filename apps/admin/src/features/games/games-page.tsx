import { Tabs } from 'antd';
import { gamesAdmin } from '@breakshot/contracts';
import { useMay } from '../../lib/use-may';
import { GamesTab } from './games-tab';
import { ProvidersTab } from './providers-tab';
import { gamesTexts as t } from './texts';
import { TransactionsTab } from './transactions-tab';

/** 游戏与供应商: the seamless-wallet providers, their games in the lobby, and their wallet calls. */
export default function GamesPage() {
  const may = useMay();
  const tabs = [
    may(gamesAdmin.providersList) && { key: 'providers', label: t.providersTab, children: <ProvidersTab /> },
    may(gamesAdmin.gamesList) && { key: 'games', label: t.gamesTab, children: <GamesTab /> },
    may(gamesAdmin.transactionsList) && {
      key: 'transactions',
      label: t.transactionsTab,
      children: <TransactionsTab />,
    },
  ].filter((x) => x !== false);
  return <Tabs items={tabs} destroyOnHidden />;
}
