import { Button, Form, InputNumber, Table, type FormListFieldData, type FormRule, type InputNumberProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';

/** A column of numbers typed in each tier's row. */
export interface TierColumn {
  /** The row's field (`[row, key]` in the form list). */
  key: string;
  title: string;
  /** The rules of row `row`'s cell (a rule may read the row above). */
  rules: (row: number) => FormRule[];
  /** Other fields whose change re-checks this cell. */
  dependencies?: (row: number) => (string | number)[][];
  input: Omit<InputNumberProps, 'aria-label'>;
}

interface Props {
  fields: FormListFieldData[];
  columns: TierColumn[];
  editable: boolean;
  /** "第 n 档": the first column, and the start of each input's accessible name. */
  tierName: (n: number) => string;
  /** Put before each input's accessible name, e.g. the game's name where several lists share a page. */
  labelPrefix?: string;
  removeLabel: (n: number) => string;
  onRemove: (row: number) => void;
  /** Whether the last tier may go (a list that needs one keeps it). */
  canRemoveLast?: boolean;
  size?: 'small' | 'middle';
  style?: React.CSSProperties;
}

/**
 * The rows of a tier list inside a Form.List: its number, a number input per column, a remove
 * button when editable. Each input is named "<prefix><tier> <column>" for screen readers and tests.
 */
export function TierTable({
  fields,
  columns,
  editable,
  tierName,
  labelPrefix = '',
  removeLabel,
  onRemove,
  canRemoveLast = true,
  size = 'middle',
  style,
}: Props) {
  return (
    <Table
      rowKey="key"
      size={size}
      pagination={false}
      dataSource={fields}
      style={style}
      columns={[
        { title: '#', key: 'n', width: 90, render: (_, f) => tierName(f.name + 1) },
        ...columns.map((c) => ({
          title: c.title,
          key: c.key,
          render: (_: unknown, f: FormListFieldData) => (
            <Form.Item
              name={[f.name, c.key]}
              dependencies={c.dependencies?.(f.name) ?? []}
              rules={c.rules(f.name)}
              style={{ marginBottom: 0 }}
            >
              <InputNumber {...c.input} aria-label={`${labelPrefix}${tierName(f.name + 1)} ${c.title}`} />
            </Form.Item>
          ),
        })),
        ...(editable
          ? [
              {
                key: 'remove',
                width: 60,
                render: (_: unknown, f: FormListFieldData) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={!canRemoveLast && fields.length === 1}
                    onClick={() => onRemove(f.name)}
                    aria-label={removeLabel(f.name + 1)}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
