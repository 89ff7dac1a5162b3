import { useState } from 'react';
import { App, Button, Collapse, Form, Input, Modal, Radio, Tag } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { messagesAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { bodyExpandable, statusColumn, titleColumn, withdrawColumn } from '../../components/published';
import { dateTime } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { messageTexts as t } from './texts';

type Sent = messagesAdmin.SentMessage;

function SendModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm();
  const audience = Form.useWatch('audience', form) as 'all' | 'player' | undefined;
  const send = useAction(messagesAdmin.messageSend, {
    done: t.sent,
    refresh: [messagesAdmin.messagesSent],
    onSuccess: onClose,
  });
  const required = [{ required: true, whitespace: true, message: t.required }];
  const submit = async () => {
    const v = (await form.validateFields().catch(() => null)) as Record<string, string | undefined>;
    if (!v) return;
    if (v.audience === 'all' && !(await modal.confirm({ title: t.broadcastConfirm }))) return;
    send.mutate({
      audience: v.audience === 'player' ? 'player' : 'all',
      username: v.audience === 'player' ? v.username : undefined,
      title: v.title ?? '',
      body: v.body ?? '',
      titleEn: v.titleEn || undefined,
      bodyEn: v.bodyEn || undefined,
    });
  };
  return (
    <Modal
      open={open}
      title={t.sendTitle}
      width={720}
      okText={t.send}
      onCancel={onClose}
      confirmLoading={send.isPending}
      destroyOnHidden
      onOk={submit}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ audience: 'player' }}>
        <Form.Item name="audience" label={t.audience}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'player', label: t.audiencePlayer },
              { value: 'all', label: t.audienceAll },
            ]}
          />
        </Form.Item>
        {audience !== 'all' && (
          <Form.Item name="username" label={t.username} rules={required}>
            <Input maxLength={32} />
          </Form.Item>
        )}
        <Form.Item name="title" label={t.messageTitle} rules={required}>
          <Input maxLength={80} showCount />
        </Form.Item>
        <Form.Item name="body" label={t.body} extra={t.bodyHint} rules={required}>
          <Input.TextArea rows={6} />
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
                  <Form.Item name="bodyEn" label={t.bodyEn}>
                    <Input.TextArea rows={5} />
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

/** 消息: messages operators sent (to one player or to all) with how many read them; send and withdraw. */
export default function MessagesPage() {
  const may = useMay();
  const [sending, setSending] = useState(false);
  const columns: ColumnsType<Sent> = [
    { title: t.id, dataIndex: 'id', width: 70 },
    {
      title: t.to,
      dataIndex: 'username',
      width: 140,
      render: (v: string | null) => (v ? v : <Tag color="gold">{t.all}</Tag>),
    },
    titleColumn(t.messageTitle),
    { title: t.readCount, dataIndex: 'readCount', width: 90, align: 'right' },
    { title: t.sentBy, dataIndex: 'sentBy', width: 110 },
    { title: t.createdAt, dataIndex: 'createdAt', render: dateTime, width: 170 },
    statusColumn(t),
    ...(may(messagesAdmin.messageWithdraw)
      ? [withdrawColumn<Sent>(messagesAdmin.messageWithdraw, messagesAdmin.messagesSent, t)]
      : []),
  ];
  return (
    <>
      <ContractTable
        title={t.title}
        call={messagesAdmin.messagesSent}
        rowKey="id"
        columns={columns}
        extra={
          may(messagesAdmin.messageSend) && (
            <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(true)}>
              {t.send}
            </Button>
          )
        }
        expandable={bodyExpandable}
      />
      <SendModal open={sending} onClose={() => setSending(false)} />
    </>
  );
}
