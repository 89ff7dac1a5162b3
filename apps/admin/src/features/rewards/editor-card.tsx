import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Typography } from 'antd';
import type { operatorCalls, DataOf } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { callKey } from '../../lib/query-client';
import { useMay } from '../../lib/use-may';

/**
 * A card of settings every role of the section may read and the save call's roles may change:
 * loads `list` (no input) and renders `form` with its data, a fresh form after each load (the
 * saved values replace what was typed).
 */
export function EditorCard<C extends operatorCalls.AdminCall>(props: {
  title: string;
  hint: string;
  list: C;
  save: operatorCalls.AdminCall;
  form: (data: DataOf<C>, editable: boolean) => ReactNode;
}) {
  const may = useMay();
  const { data, error, dataUpdatedAt } = useQuery({
    queryKey: callKey(props.list),
    queryFn: () => call(props.list, {} as never),
  });
  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  return (
    <Card title={props.title} variant="borderless" loading={!data}>
      <Typography.Paragraph type="secondary">{props.hint}</Typography.Paragraph>
      {data && <div key={dataUpdatedAt}>{props.form(data, may(props.save))}</div>}
    </Card>
  );
}
