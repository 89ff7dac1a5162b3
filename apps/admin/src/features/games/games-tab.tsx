import { useState } from 'react';
import { Avatar, Button, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { gamesAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { GameForm } from './game-form';
import { gameTypeTags } from './game-types';
import { gamesTexts as t } from './texts';
import { useProviders } from './use-providers';

type Game = gamesAdmin.AdminGame;

/** A game is in the lobby while it and its provider are both on: a provider switched off is shown beside it. */
function EnabledSwitch({ game, providerOff }: { game: Game; providerOff: boolean }) {
  const may = useMay();
  const set = useAction(gamesAdmin.gameEnable, {
    done: (g) => (g.enabled ? t.gameOn(g.name) : t.gameOff(g.name)),
    refresh: [gamesAdmin.gamesList],
  });
  return (
    <Space size={6}>
      <Switch
        checked={game.enabled}
        loading={set.isPending}
        disabled={!may(gamesAdmin.gameEnable)}
        onChange={(enabled) => set.mutate({ code: game.code, enabled })}
        aria-label={`${t.enabled} ${game.name}`}
      />
      {providerOff && (
        <Tooltip title={t.gameProviderOffHint}>
          <Tag color="orange">{t.providerOffTag}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** The catalogue: what the lobby offers of each provider (a game shows only while it and its provider are on). */
export function GamesTab() {
  const may = useMay();
  const { data } = useProviders();
  const providers = data?.items ?? [];
  const defaultMultiple = data?.defaultMaxWinMultiple;
  const providerOptions = providers.map((p) => ({ value: p.id, label: p.name }));
  const providerOf = (id: string) => providers.find((p) => p.id === id);
  /** undefined: closed; null: a new game. */
  const [editing, setEditing] = useState<Game | null | undefined>(undefined);
  const mayEdit = may(gamesAdmin.gameSave);

  const columns: ColumnsType<Game> = [
    {
      title: t.image,
      dataIndex: 'image',
      width: 70,
      render: (src: string) => <Avatar shape="square" size={40} src={src || undefined} icon={<AppstoreOutlined />} />,
    },
    {
      title: t.gameCode,
      dataIndex: 'code',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t.gameName,
      key: 'name',
      render: (_: unknown, g: Game) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{g.name}</Typography.Text>
          <Typography.Text type="secondary">{g.nameEn}</Typography.Text>
        </Space>
      ),
    },
    { title: t.provider, dataIndex: 'providerId', render: (id: string) => providerOf(id)?.name ?? id },
    { title: t.gameType, dataIndex: 'gameType', width: 90, render: (v: string) => gameTypeTags([v]) },
    { title: t.sort, dataIndex: 'sort', width: 80, align: 'right' },
    {
      title: t.maxWin,
      dataIndex: 'maxWinMultiple',
      width: 130,
      align: 'right',
      render: (v: number | null) =>
        v !== null ? (
          t.multiple(v)
        ) : (
          <Typography.Text type="secondary">
            {defaultMultiple !== undefined ? t.maxWinDefault(defaultMultiple) : '-'}
          </Typography.Text>
        ),
    },
    {
      title: t.enabled,
      key: 'enabled',
      width: 170,
      render: (_: unknown, g: Game) => (
        <EnabledSwitch game={g} providerOff={providerOf(g.providerId)?.enabled === false} />
      ),
    },
    ...(mayEdit
      ? [
          {
            title: t.actions,
            key: 'actions',
            width: 90,
            render: (_: unknown, g: Game) => (
              <Button size="small" onClick={() => setEditing(g)} aria-label={`${t.edit} ${g.name}`}>
                {t.edit}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ContractTable
        title={t.games}
        call={gamesAdmin.gamesList}
        rowKey="code"
        columns={columns}
        filters={[{ name: 'providerId', label: t.provider, kind: 'select', options: providerOptions, width: 180 }]}
        extra={
          mayEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t.addGame}
            </Button>
          )
        }
      />
      <GameForm
        game={editing}
        providers={providers}
        defaultMultiple={defaultMultiple}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
