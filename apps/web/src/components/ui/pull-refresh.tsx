import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import './ui-i18n';

/** Pull to refresh around a page that is not a record list (a summary, a hub), with the list's texts. */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useT();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('ui.list.pulling')}
      canReleaseText={t('ui.list.release')}
      refreshingText={t('ui.list.refreshing')}
      completeText={t('ui.list.refreshed')}
    >
      {children}
    </PullToRefresh>
  );
}
