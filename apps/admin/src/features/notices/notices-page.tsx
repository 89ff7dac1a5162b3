import { useState } from 'react';
import { Button, Collapse, Form, Input, Modal, Radio, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { contentAdmin, content } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { bodyExpandable, statusColumn, titleColumn, withdrawColumn } from '../../components/published';
import { dateTime } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { noticeTexts as t } from './texts';

type Notice = contentAdmin.AdminNotice;

function PublishModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const publish = useAction(contentAdmin.noticePublish, {
    done: t.published,
    refresh: [contentAdmin.noticesList],
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
          type: v.type === 'banner' ? 'banner' : 'notice',
          link: v.link || undefined,
          title: v.title ?? '',
          summary: v.summary ?? '',
          body: v.body ?? '',
          titleEn: v.titleEn || undefined,
          summaryEn: v.summaryEn || undefined,
          bodyEn: v.bodyEn || undefined,
        });
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ type: 'notice' }}>
        <Space size="large" wrap align="start">
          <Form.Item name="type" label={t.type}>
            <Radio.Group
              optionType="button"
              options={content.noticeType.options.map((value) => ({ value, label: t.types[value] }))}
            />
          </Form.Item>
          <Form.Item
            name="link"
            label={t.link}
            extra={t.linkHint}
            rules={[{ pattern: content.APP_ROUTE, message: t.linkFormat }]}
          >
            <Input maxLength={200} placeholder="/user/youhui" style={{ width: 260 }} />
          </Form.Item>
        </Space>
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

export default function NoticesPage() {
  const may = useMay();
  const [publishing, setPublishing] = useState(false);
  const columns: ColumnsType<Notice> = [
    { title: t.id, dataIndex: 'id', width: 70 },
    { title: t.type, dataIndex: 'type', width: 80, render: (v: string) => <Tag>{t.types[v] ?? v}</Tag> },
    titleColumn(t.noticeTitle),
    { title: t.summary, dataIndex: 'summary', ellipsis: true },
    { title: t.publishedAt, dataIndex: 'publishedAt', render: dateTime, width: 170 },
    statusColumn(t),
    ...(may(contentAdmin.noticeWithdraw)
      ? [withdrawColumn<Notice>(contentAdmin.noticeWithdraw, contentAdmin.noticesList, t)]
      : []),
  ];
  return (
    <>
      <ContractTable
        title={t.title}
        call={contentAdmin.noticesList}
        rowKey="id"
        columns={columns}
        extra={
          may(contentAdmin.noticePublish) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)}>
              {t.publish}
            </Button>
          )
        }
        expandable={bodyExpandable}
      />
      <PublishModal open={publishing} onClose={() => setPublishing(false)} />
    </>
  );
}
