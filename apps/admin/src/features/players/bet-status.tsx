import { Tag } from 'antd';
import { playerTexts as t } from './texts';

const betColor: Record<string, string> = {
  pending: 'warning',
  open: 'processing',
  won: 'success',
  lost: 'error',
  void: 'default',
  rejected: 'default',
  cashout: 'cyan',
};

/** A bet's status as the bets table and the bet's details show it. */
export const betStatusTag = (status: string) => <Tag color={betColor[status]}>{t.betStatuses[status] ?? status}</Tag>;
