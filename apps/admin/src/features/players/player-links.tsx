import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { playerRiskAdmin } from '@breakshot/contracts';
import { PlayerTags } from '../../components/player-tags';
import { ReadFailed } from '../../components/read-failed';
import { call } from '../../lib/api';
import { paths } from '../../lib/paths';
import { callKey } from '../../lib/query-client';
import { useMay } from '../../lib/use-may';
import { playerTexts as t } from './texts';

type Linked = playerRiskAdmin.LinkedPlayer;

const reasonColor: Record<playerRiskAdmin.LinkReason, string> = {
  device: 'red',
  account: 'volcano',
  mobile: 'orange',
  address: 'gold',
};

const columns = [
  {
    title: t.username,
    dataIndex: 'username',
    render: (u: string) => <Link to={paths.player(u)}>{u}</Link>,
  },
  {
    title: t.linkReasons,
    dataIndex: 'reasons',
    render: (reasons: Linked['reasons']) => (
      <Space size={[0, 4]} wrap>
        {reasons.map((r) => (
          <Tag key={r} color={reasonColor[r]} data-testid={`link-${r}`}>
            {t.linkReason[r]}
          </Tag>
        ))}
      </Space>
    ),
  },
  { title: t.tags, dataIndex: 'tags', render: (tags: string[]) => <PlayerTags tags={tags} /> },
];

function LinksCard({ userId }: { userId: number }) {
  const input = { userId };
  const query = useQuery({
    queryKey: callKey(playerRiskAdmin.playerLinks, input),
    queryFn: () => call(playerRiskAdmin.playerLinks, input),
  });
  const { data } = query;
  return (
    <Card
      variant="borderless"
      title={t.links}
      extra={<Typography.Text type="secondary">{t.linksHint}</Typography.Text>}
    >
      {query.error ? (
        <ReadFailed query={query} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noLinks} />
      ) : (
        <>
          <Table<Linked>
            data-testid="player-links"
            rowKey="userId"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={data.list}
          />
          {data.total > data.list.length && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
              {t.linksShown(data.list.length, data.total)}
            </Typography.Text>
          )}
        </>
      )}
    </Card>
  );
}

/**
 * 关联账户 (docs/design.md §9, "Linked accounts"): the players who share this one's device, an
 * address within 30 days, a withdrawal account or a mobile, and which of them.
 */
export function PlayerLinks({ userId }: { userId: number }) {
  const may = useMay();
  return may(playerRiskAdmin.playerLinks) ? <LinksCard userId={userId} /> : null;
}
