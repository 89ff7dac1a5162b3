import { Tooltip, Typography } from 'antd';
import { dateTime } from '../../lib/time';
import { feedTexts as t } from './texts';

/** How long ago an instant was ('5 分钟前'), its time on the site's clock on hover; '从未' for none. */
export function Since({ at }: { at: string | null }) {
  if (!at) return <Typography.Text type="secondary">{t.never}</Typography.Text>;
  return (
    <Tooltip title={dateTime(at)}>
      <span style={{ whiteSpace: 'nowrap' }}>{t.ago((Date.now() - Date.parse(at)) / 1000)}</span>
    </Tooltip>
  );
}
