import type { CSSProperties } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { errorText } from '../lib/api';

/** A read that failed, in the operator's words, with a 重试 that reads it again; nothing while it has not failed. */
export function ReadFailed({
  query,
  style,
}: {
  query: Pick<UseQueryResult, 'error' | 'refetch' | 'isFetching'>;
  style?: CSSProperties;
}) {
  if (!query.error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(query.error)}
      style={style}
      action={
        <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
          重试
        </Button>
      }
    />
  );
}
