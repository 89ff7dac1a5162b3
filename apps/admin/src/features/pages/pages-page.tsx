import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { adminConsole } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { dateTime } from '../../lib/money';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { pageTexts as t } from './texts';

type Page = adminConsole.AdminContentPage;
/** What the modal edits: an existing page, or a new one (no key yet). */
type Editing = Pick<Page, 'key' | 'lang' | 'title' | 'body'> | 'new' | null;

const KEY = /^[a-z][a-z0-9_]*$/;

function EditModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const [form] = Form.useForm<Pick<Page, 'key' | 'lang' | 'title' | 'body'>>();
  const save = useAction(adminConsole.contentPageSave, {
    done: t.saved,
    refresh: [adminConsole.contentPagesList],
    onSuccess: onClose,
  });
  const isNew = editing === 'new';
  const required = [{ required: true, whitespace: true, message: t.required }];
  return (
    <Modal
      open={editing !== null}
      title={
        editing && editing !== 'new' ? t.editTitle(editing.key, t.langs[editing.lang] ?? editing.lang) : t.createTitle
      }
      width={760}
      okText={t.save}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (v) save.mutate(v);
      }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={editing && editing !== 'new' ? editing : { lang: 'zh-CN' }}
      >
        <Form.Item
          name="key"
          label={t.key}
          extra={isNew ? t.keyHint : undefined}
          rules={[...required, { pattern: KEY, message: t.keyFormat }]}
        >
          <Input disabled={!isNew} maxLength={40} />
        </Form.Item>
        <Form.Item name="lang" label={t.lang} rules={required}>
          <Select
            disabled={!isNew}
            options={Object.entries(t.langs).map(([value, label]) => ({ value, label }))}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name="title" label={t.pageTitle} rules={required}>
          <Input maxLength={80} showCount />
        </Form.Item>
        <Form.Item name="body" label={t.body} extra={t.bodyHint} rules={required}>
          <Input.TextArea rows={14} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The rule and information pages players read (台球规则, 投注规则…), each language apart. */
export default function PagesPage() {
  const may = useMay();
  const [editing, setEditing] = useState<Editing>(null);
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(adminConsole.contentPagesList),
    queryFn: () => call(adminConsole.contentPagesList, {}),
  });
  const canSave = may(adminConsole.contentPageSave);
  const columns: ColumnsType<Page> = [
    { title: t.key, dataIndex: 'key', render: (v: string) => <Tag>{v}</Tag> },
    { title: t.lang, dataIndex: 'lang', width: 100, render: (v: string) => t.langs[v] ?? v },
    { title: t.pageTitle, dataIndex: 'title' },
    { title: t.updatedAt, dataIndex: 'updatedAt', width: 180, render: dateTime },
    ...(canSave
      ? [
          {
            title: t.actions,
            key: 'actions',
            width: 90,
            render: (_: unknown, p: Page) => (
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(p)}>
                {t.edit}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title={t.title}
      extra={
        canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t.create}
          </Button>
        )
      }
    >
      {error && <Alert type="error" showIcon message={errorText(error)} style={{ marginBottom: 16 }} />}
      <Table
        rowKey={(p) => `${p.key}:${p.lang}`}
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isLoading}
        pagination={false}
        locale={{ emptyText: t.empty }}
        expandable={{
          expandedRowRender: (p) => (
            <div
              style={{ maxHeight: 360, overflow: 'auto', padding: '0 8px' }}
              // The server sanitizes page bodies (content module) before storing them.
              dangerouslySetInnerHTML={{ __html: p.body }}
            />
          ),
        }}
      />
      <EditModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
