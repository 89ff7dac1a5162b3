import { useState } from 'react';
import { Badge, Button, Collapse, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { adminConsole } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { dateTime } from '../../lib/money';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { noticeTexts as t } from './texts';

type Notice = adminConsole.AdminNotice;

function PublishModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const publish = useAction(adminConsole.noticePublish, {
    done: t.published,
    refresh: [adminConsole.noticesList],
    onSuccess: onClose,
  });
  const required = [{ required: true, whitespace: true, message: t.required }];
  return (
    <Modal
      open={open}
      title={t.publishTitle}
      width={720}
      okText={t.publish}
      onCancel={onClose}
      confirmLoading={publish.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = (await form.validateFields().catch(() => null)) as Record<string, string | undefined>;
        if (!v) return;
        publish.mutate({
          title: v.title ?? '',
          summary: v.summary ?? '',
          body: v.body ?? '',
          titleEn: v.titleEn || undefined,
          summaryEn: v.summaryEn || undefined,
          bodyEn: v.bodyEn || undefined,
        });
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label={t.noticeTitle} rules={required}>
          <Input maxLength={80} showCount />
        </Form.Item>
        <Form.Item name="summary" label={t.summary} rules={required}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="body" label={t.body} extra={t.bodyHint} rules={required}>
          <Input.TextArea rows={8} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Collapse
          size="small"
          items={[
            {
              key: 'en',
              label: t.english,
              forceRender: true,
              children: (
                <>
                  <Form.Item name="titleEn" label={t.titleEn}>
                    <Input maxLength={80} />
                  </Form.Item>
                  <Form.Item name="summaryEn" label={t.summaryEn}>
                    <Input.TextArea rows={2} maxLength={200} />
                  </Form.Item>
                  <Form.Item name="bodyEn" label={t.bodyEn}>
                    <Input.TextArea rows={6} style={{ fontFamily: 'monospace' }} />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}

function WithdrawButton({ notice }: { notice: Notice }) {
  const withdraw = useAction(adminConsole.noticeWithdraw, { done: t.withdrawn, refresh: [adminConsole.noticesList] });
  return (
    <Popconfirm
      title={t.withdrawTitle}
      onConfirm={() => withdraw.mutateAsync({ id: notice.id }).catch(() => undefined)}
    >
      <Button danger size="small" loading={withdraw.isPending}>
        {t.withdraw}
      </Button>
    </Popconfirm>
  );
}

export default function NoticesPage() {
  const may = useMay();
  const [publishing, setPublishing] = useState(false);
  const columns: ColumnsType<Notice> = [
    { title: t.id, dataIndex: 'id', width: 70 },
    { title: t.type, dataIndex: 'type', width: 80, render: (v: string) => <Tag>{t.types[v] ?? v}</Tag> },
    {
      title: t.noticeTitle,
      dataIndex: 'title',
      render: (v: string, n: Notice) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{v}</Typography.Text>
          {n.titleEn && <Typography.Text type="secondary">{n.titleEn}</Typography.Text>}
        </Space>
      ),
    },
    { title: t.summary, dataIndex: 'summary', ellipsis: true },
    { title: t.publishedAt, dataIndex: 'publishedAt', render: dateTime, width: 170 },
    {
      title: t.status,
      key: 'status',
      width: 200,
      render: (_: unknown, n: Notice) =>
        n.withdrawnAt ? (
          <Badge status="default" text={t.withdrawnAt(dateTime(n.withdrawnAt))} />
        ) : (
          <Badge status="success" text={t.live} />
        ),
    },
    ...(may(adminConsole.noticeWithdraw)
      ? [
          {
            title: t.actions,
            key: 'actions',
            width: 90,
            render: (_: unknown, n: Notice) => (n.withdrawnAt ? null : <WithdrawButton notice={n} />),
          },
        ]
      : []),
  ];
  return (
    <>
      <ContractTable
        title={t.title}
        call={adminConsole.noticesList}
        rowKey="id"
        columns={columns}
        extra={
          may(adminConsole.noticePublish) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)}>
              {t.publish}
            </Button>
          )
        }
        expandable={{
          expandedRowRender: (n) => (
            <div
              style={{ maxHeight: 320, overflow: 'auto', padding: '0 8px' }}
              // The server sanitizes notice bodies (content.ts) before storing them.
              dangerouslySetInnerHTML={{ __html: n.body }}
            />
          ),
        }}
      />
      <PublishModal open={publishing} onClose={() => setPublishing(false)} />
    </>
  );
}
