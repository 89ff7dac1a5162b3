import { Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Badge, Button, Flex, Layout, Menu, Space, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { ClockCircleOutlined, LogoutOutlined, SoundOutlined, MutedOutlined, UserOutlined } from '@ant-design/icons';
import { playersAdmin, operatorCalls, operatorsAdmin } from '@breakshot/contracts';
import { call } from '../lib/api';
import { ConsoleLiveProvider, useLiveState, type LiveState } from '../lib/console-live';
import { setMuted, useMuted } from '../lib/mute';
import { paths } from '../lib/paths';
import { roleLabels, setSession, type OperatorSession } from '../lib/session';
import { siteOffset } from '../lib/time';
import { useQueues } from '../lib/use-queues';
import { sectionsFor } from './sections';
import { appTexts } from './texts';

/** The console of a logged-in operator: its live connection (closed on logout) around the frame. */
export function ConsoleLayout({ session }: { session: OperatorSession }) {
  return (
    <ConsoleLiveProvider enabled={operatorCalls.mayCall(session.operator.role, operatorsAdmin.liveTicket)}>
      <Frame session={session} />
    </ConsoleLiveProvider>
  );
}

const liveBadge: Record<LiveState, 'success' | 'processing' | 'warning' | 'error'> = {
  open: 'success',
  connecting: 'processing',
  down: 'warning',
  ended: 'error',
};

/**
 * The live connection's state in the header: 实时, 连接中, 重连中, or 已断开 once the server ended it
 * with the session (the pages poll meanwhile).
 */
function LiveIndicator() {
  const state = useLiveState();
  return (
    <Tooltip title={appTexts.liveTip[state]}>
      <Badge status={liveBadge[state]} text={appTexts.live[state]} data-testid="live-state" />
    </Tooltip>
  );
}

/** The console's frame: Sider menu of the sections the role may open, header, content. */
function Frame({ session }: { session: OperatorSession }) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [collapsed, setCollapsed] = useState(false);
  const muted = useMuted();
  const role = session.operator.role;
  const queues = useQueues(operatorCalls.mayCall(role, playersAdmin.queues));
  const allowed = sectionsFor(role);
  const selected = allowed.find((s) => location.pathname === s.path || location.pathname.startsWith(`${s.path}/`));

  const logout = async () => {
    try {
      await call(operatorsAdmin.logout, {});
    } catch {
      // Logged out here whatever the server says.
    }
    setSession(null);
    queryClient.clear();
    void message.success(appTexts.loggedOut);
    void navigate(paths.login, { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={216} theme="dark">
        <Flex align="center" gap={10} style={{ height: 64, padding: '0 20px', overflow: 'hidden' }}>
          <div
            style={{
              width: 28,
              height: 28,
              flex: 'none',
              borderRadius: 8,
              background: `linear-gradient(135deg, ${token.colorPrimary}, #36cfc9)`,
            }}
          />
          {!collapsed && (
            <Typography.Text strong style={{ color: '#fff', fontSize: 16, whiteSpace: 'nowrap' }}>
              {appTexts.short}
            </Typography.Text>
          )}
        </Flex>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected.key] : []}
          onClick={({ key }) => {
            const s = allowed.find((x) => x.key === key);
            if (s) void navigate(s.path);
          }}
          items={allowed.map((s) => {
            const count = queues && s.badge ? s.badge(queues) : 0;
            return {
              key: s.key,
              icon: s.icon,
              label: (
                <Flex justify="space-between" align="center">
                  <span>{appTexts.menu[s.key]}</span>
                  {count > 0 && <Badge count={count} size="small" data-testid={`badge-${s.key}`} />}
                </Flex>
              ),
            };
          })}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 24px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography.Title level={5} style={{ margin: 0 }}>
            {selected ? appTexts.menu[selected.key] : appTexts.title}
          </Typography.Title>
          <Space size="middle">
            <LiveIndicator />
            <Tooltip title={appTexts.siteZoneTip(session.timeZone)}>
              <Tag icon={<ClockCircleOutlined />} data-testid="site-zone">
                {appTexts.siteZone(siteOffset())}
              </Tag>
            </Tooltip>
            <Tooltip title={muted ? appTexts.unmute : appTexts.mute}>
              <Button
                type="text"
                aria-label={muted ? appTexts.unmute : appTexts.mute}
                icon={muted ? <MutedOutlined /> : <SoundOutlined />}
                onClick={() => setMuted(!muted)}
              />
            </Tooltip>
            <Space size={8}>
              <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
              <Typography.Text data-testid="operator-name">{session.operator.username}</Typography.Text>
              <Tag color="blue">{roleLabels[role]}</Tag>
            </Space>
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              {appTexts.logout}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
