import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Breadcrumb, Button, Descriptions, Drawer, Skeleton, Space, Typography } from 'antd';
import { ApartmentOutlined, EditOutlined, UserOutlined } from '@ant-design/icons';
import { playersAdmin, agentsAdmin } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { percent } from '../../lib/basis-points';
import { dateTime } from '../../lib/time';
import { paths } from '../../lib/paths';
import { callKey } from '../../lib/query-client';
import { useMay } from '../../lib/use-may';
import { InviteLinks } from './invite-links';
import { gameName, gameTypes, kindTag } from './labels';
import { ProfileForm, type AgentDetails } from './profile-form';
import { agentTexts as t } from './texts';

const passwordBadge = (set: boolean) =>
  set ? <Badge status="success" text={t.set} /> : <Badge status="default" text={t.notSet} />;

const section = (title: string) => (
  <Typography.Title level={5} style={{ margin: '24px 0 12px' }}>
    {title}
  </Typography.Title>
);

/** The upline path from the top down to this player; each upline opens its own details. */
function Chain({ a, onOpen }: { a: AgentDetails; onOpen: (id: number) => void }) {
  if (a.chain.length === 0) return <Typography.Text type="secondary">{t.chainTop}</Typography.Text>;
  return (
    <Breadcrumb
      items={[
        ...[...a.chain].reverse().map((c) => ({ title: <a onClick={() => onOpen(c.id)}>{c.username}</a> })),
        { title: <Typography.Text strong>{a.username}</Typography.Text> },
      ]}
    />
  );
}

function Body({ a, onOpen, onBrowse }: { a: AgentDetails; onOpen: (id: number) => void; onBrowse: () => void }) {
  return (
    <>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t.id}>{a.id}</Descriptions.Item>
        <Descriptions.Item label={t.kind}>{kindTag(a.kind)}</Descriptions.Item>
        <Descriptions.Item label={t.upline}>
          {a.parent ? <a onClick={() => onOpen(a.parent!.id)}>{a.parent.username}</a> : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t.team}>
          <Space size={12}>
            {t.teamOf(a.directCount, a.teamCount)}
            {a.directCount > 0 && (
              <Button size="small" type="link" icon={<ApartmentOutlined />} onClick={onBrowse} style={{ padding: 0 }}>
                {t.viewDownline}
              </Button>
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t.createdAt}>{dateTime(a.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t.chain}>
          <Chain a={a} onOpen={onOpen} />
        </Descriptions.Item>
        <Descriptions.Item label={t.securityPassword}>{passwordBadge(a.hasSecurityPassword)}</Descriptions.Item>
        <Descriptions.Item label={t.rechargePassword}>{passwordBadge(a.hasRechargePassword)}</Descriptions.Item>
      </Descriptions>
      {section(t.profile)}
      <Descriptions column={4} size="small" bordered layout="vertical">
        {gameTypes.map((g) => (
          <Descriptions.Item key={g} label={`${gameName(g)}${t.rates}`}>
            <Typography.Text strong>{percent(a.rates[g])}</Typography.Text>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t.dividendRatio}>
          <Typography.Text strong>{percent(a.dividendRatioBp)}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {section(`${t.links}（${a.links.length}）`)}
      <InviteLinks links={a.links} />
    </>
  );
}

/**
 * One player of the tree (agents/details): kind, upline chain, rates, ratio, password flags and
 * invite links; admin edits the profile.
 */
export function AgentDrawer({
  id,
  onOpen,
  onBrowse,
  onClose,
}: {
  id: number | null;
  onOpen: (id: number) => void;
  onBrowse: (parentId: number) => void;
  onClose: () => void;
}) {
  const may = useMay();
  const [editing, setEditing] = useState(false);
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(agentsAdmin.agentDetails, { id }),
    queryFn: () => call(agentsAdmin.agentDetails, { id: id! }),
    enabled: id !== null,
  });
  const navigate = useNavigate();
  const a = data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={880}
      title={
        a ? (
          <Space>
            {a.username}
            {kindTag(a.kind)}
          </Space>
        ) : (
          t.detail
        )
      }
      extra={
        a && (
          <Space>
            {may(playersAdmin.playerDetail) && (
              <Button icon={<UserOutlined />} onClick={() => void navigate(paths.player(a.username))}>
                {t.playerPage}
              </Button>
            )}
            {may(agentsAdmin.agentProfileSave) && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t.edit}
              </Button>
            )}
          </Space>
        )
      }
    >
      {error ? (
        <Alert type="error" showIcon title={errorText(error)} />
      ) : isLoading || !a ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Body a={a} onOpen={onOpen} onBrowse={() => onBrowse(a.id)} />
      )}
      {editing && a && <ProfileForm details={a} onClose={() => setEditing(false)} />}
    </Drawer>
  );
}
