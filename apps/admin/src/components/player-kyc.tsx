import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { kycAdmin } from '@breakshot/contracts';
import { call } from '../lib/api';
import { paths } from '../lib/paths';
import { callKey } from '../lib/query-client';
import { kycStatusTag } from './kyc-status';

/** The player's latest real-name submission on the player page: its status and the name. */
export function PlayerKyc({ username }: { username: string }) {
  const input = { username, page: 1, pageSize: 1 };
  const query = useQuery({ queryKey: callKey(kycAdmin.kycList, input), queryFn: () => call(kycAdmin.kycList, input) });
  const latest = query.data?.list[0];
  if (query.isLoading) return null;
  if (!latest) return <Typography.Text type="secondary">未提交</Typography.Text>;
  return (
    <Space size={6} data-testid="player-kyc">
      {kycStatusTag(latest.status)}
      <Link to={paths.kyc}>{latest.realName}</Link>
    </Space>
  );
}
