import { Tag } from 'antd';
import { betStatusLabels } from '../lib/bet-labels';

const betColor: Record<string, string> = {
  pending: 'warning',
  open: 'processing',
  won: 'success',
  lost: 'error',
  void: 'default',
  rejected: 'default',
  cashout: 'cyan',
};

/** A bet's status as the bets tables, the bet's details and the ticker show it. */
export const betStatusTag = (status: string) => (
  <Tag color={betColor[status]}>{(betStatusLabels as Record<string, string>)[status] ?? status}</Tag>
);
