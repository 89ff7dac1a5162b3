import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Segmented, Select, Space, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { contentAdmin, systemAdmin, content, type system } from '@breakshot/contracts';
import { call, errorText, type InputOf } from '../../lib/api';
import { dateTime } from '../../lib/time';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { ServiceLinkCard } from './service-link-card';
import { pageTexts as t } from './texts';

type Page = contentAdmin.AdminContentPage;
type PageInput = InputOf<typeof contentAdmin.contentPageSave>;
/** What the modal edits: an existing page, or a new one (no key yet). */
type Editing = Page | 'new' | null;

const KEY = /^[a-z][a-z0-9_]*$/;
const options = (labels: Record<string, string>, values: readonly string[]) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

function EditModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const [form] = Form.useForm<PageInput>();
  const group = Form.useWatch('group', form);
  const save = useAction(contentAdmin.contentPageSave, {
    done: t.saved,
    refresh: [contentAdmin.contentPagesList],
    onSuccess: onClose,
  });
  const isNew = editing === 'new';
  const required = [{ required: true, whitespace: true, message: t.required }];
  const initial =
    editing && editing !== 'new'
      ? { ...editing, category: editing.category ?? undefined }
      : { lang: 'zh-CN', group: 'rules', sort: 0 };
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
        if (v) save.mutate({ ...v, category: v.group === 'help' ? v.category : undefined });
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.Item
          name="key"
          label={t.key}
          extra={isNew ? t.keyHint : undefined}
          rules={[...required, { pattern: KEY, message: t.keyFormat }]}
        >
          <Input disabled={!isNew} maxLength={40} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="lang" label={t.lang} rules={required}>
            <Select disabled={!isNew} options={options(t.langs, ['zh-CN', 'en'])} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="group" label={t.group} rules={required}>
            <Select options={options(t.groups, content.pageGroups)} style={{ width: 200 }} />
          </Form.Item>
          {group === 'help' && (
            <Form.Item name="category" label={t.category} rules={[{ required: true, message: t.required }]}>
              <Select options={options(t.categories, content.helpCategories)} style={{ width: 140 }} />
            </Form.Item>
          )}
          <Form.Item name="sort" label={t.sort} extra={t.sortHint}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: 110 }} />
          </Form.Item>
        </Space>
        <Form.Item name="title" label={group === 'help' ? t.helpTitle : t.pageTitle} rules={required}>
          <Input maxLength={80} showCount />
        </Form.Item>
        <Form.Item name="body" label={t.body} extra={t.bodyHint} rules={required}>
          <Input.TextArea rows={14} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const CONTACT_FIELDS = ['email', 'phone', 'telegram', 'wechat', 'qq'] as const;

/** The platform's business contact that /user/shangwu shows. */
function ContactCard({ canSave }: { canSave: boolean }) {
  const [form] = Form.useForm<system.SiteContact>();
  const { data, error } = useQuery({
    queryKey: callKey(systemAdmin.siteContactGet),
    queryFn: () => call(systemAdmin.siteContactGet, {}),
  });
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const save = useAction(systemAdmin.siteContactSave, {
    done: t.contact.saved,
    refresh: [systemAdmin.siteContactGet],
  });
  return (
    <Card title={t.contact.title} style={{ marginTop: 16 }} data-testid="contact-card">
      {error && <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} />}
      <Alert type="info" showIcon title={t.contact.hint} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="inline"
        disabled={!canSave || !data}
        onFinish={(v) => save.mutate(v)}
        style={{ rowGap: 12 }}
      >
        {CONTACT_FIELDS.map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={t.contact[f]}
            rules={f === 'email' ? [{ type: 'email', message: t.contact.emailFormat }] : []}
          >
            <Input maxLength={80} style={{ width: 220 }} />
          </Form.Item>
        ))}
        {canSave && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t.save}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

/** The pages players read: rules, the help centre's questions and the about pages, each language apart. */
export default function PagesPage() {
  const may = useMay();
  const [editing, setEditing] = useState<Editing>(null);
  const [group, setGroup] = useState<string>('all');
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(contentAdmin.contentPagesList),
    queryFn: () => call(contentAdmin.contentPagesList, {}),
  });
  const canSave = may(contentAdmin.contentPageSave);
  const columns: ColumnsType<Page> = [
    { title: t.key, dataIndex: 'key', render: (v: string) => <Tag>{v}</Tag> },
    { title: t.lang, dataIndex: 'lang', width: 90, render: (v: string) => t.langs[v] ?? v },
    {
      title: t.group,
      dataIndex: 'group',
      width: 150,
      render: (v: string, p) => (
        <Space size={4}>
          <Tag color={v === 'help' ? 'gold' : v === 'about' ? 'blue' : undefined}>{t.groups[v] ?? v}</Tag>
          {p.category && <Tag>{t.categories[p.category] ?? p.category}</Tag>}
        </Space>
      ),
    },
    { title: t.sort, dataIndex: 'sort', width: 70 },
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
  const rows = (data?.list ?? []).filter((p) => group === 'all' || p.group === group);
  return (
    <>
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
        {error && <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} />}
        <Segmented
          value={group}
          onChange={(v) => setGroup(String(v))}
          options={[{ value: 'all', label: t.allGroups }, ...options(t.groups, content.pageGroups)]}
          style={{ marginBottom: 16 }}
        />
        <Table
          rowKey={(p) => `${p.key}:${p.lang}`}
          columns={columns}
          dataSource={rows}
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
      {may(systemAdmin.siteServiceGet) && <ServiceLinkCard canSave={may(systemAdmin.siteServiceSave)} />}
      {may(systemAdmin.siteContactGet) && <ContactCard canSave={may(systemAdmin.siteContactSave)} />}
    </>
  );
}
