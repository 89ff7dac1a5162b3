import { useState } from 'react';
import { Button, Form, Image, Input, Modal, Radio, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { feedbackAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { dateTime } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { feedbackTexts as t } from './texts';

type Item = feedbackAdmin.AdminFeedback;

function ReplyModal({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const reply = useAction(feedbackAdmin.feedbackReply, {
    done: t.answered,
    refresh: [feedbackAdmin.feedbackList],
    onSuccess: onClose,
  });
  return (
    <Modal
      open={item !== null}
      title={t.answerTitle}
      okText={t.answer}
      onCancel={onClose}
      confirmLoading={reply.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = (await form.validateFields().catch(() => null)) as { reply?: string } | null;
        if (v && item) reply.mutate({ id: item.id, reply: v.reply ?? '' });
      }}
    >
      {item && (
        <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
          {item.content}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reply"
          label={t.reply}
          extra={t.answerHint}
          rules={[{ required: true, whitespace: true, message: t.required }]}
        >
          <Input.TextArea rows={5} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 反馈: players' feedback (all, or only the unanswered), answered once from a dialog. */
export default function FeedbackPage() {
  const may = useMay();
  const [onlyOpen, setOnlyOpen] = useState(true);
  const [answering, setAnswering] = useState<Item | null>(null);
  const columns: ColumnsType<Item> = [
    { title: t.id, dataIndex: 'id', width: 70 },
    { title: t.username, dataIndex: 'username', width: 130 },
    { title: t.type, dataIndex: 'type', width: 80, render: (v: string) => <Tag>{t.types[v] ?? v}</Tag> },
    {
      title: t.content,
      dataIndex: 'content',
      render: (v: string, f: Item) => (
        <Space orientation="vertical" size={4}>
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{v}</Typography.Text>
          {f.images.length > 0 && (
            <Image.PreviewGroup>
              <Space size={4}>
                {f.images.map((src) => (
                  <Image key={src} src={src} width={48} height={48} style={{ objectFit: 'cover' }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          {f.reply && (
            <Typography.Text type="success" style={{ whiteSpace: 'pre-wrap' }}>
              {t.reply}：{f.reply}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t.contact, dataIndex: 'contact', width: 140, render: (v: string | null) => v ?? '—' },
    { title: t.createdAt, dataIndex: 'createdAt', render: dateTime, width: 170 },
    {
      title: t.reply,
      key: 'replied',
      width: 170,
      render: (_: unknown, f: Item) =>
        f.repliedAt ? (
          <Typography.Text type="secondary">{t.repliedBy(f.repliedBy ?? '', dateTime(f.repliedAt))}</Typography.Text>
        ) : (
          <Tag color="orange">{t.open}</Tag>
        ),
    },
    ...(may(feedbackAdmin.feedbackReply)
      ? [
          {
            title: t.actions,
            key: 'actions',
            width: 90,
            render: (_: unknown, f: Item) =>
              f.reply ? null : (
                <Button size="small" type="primary" onClick={() => setAnswering(f)}>
                  {t.answer}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ContractTable
        title={t.title}
        call={feedbackAdmin.feedbackList}
        rowKey="id"
        columns={columns}
        fixed={onlyOpen ? { open: true } : {}}
        extra={
          <Radio.Group
            optionType="button"
            value={onlyOpen}
            onChange={(e) => setOnlyOpen(e.target.value as boolean)}
            options={[
              { value: true, label: t.onlyOpen },
              { value: false, label: t.all },
            ]}
          />
        }
      />
      <ReplyModal item={answering} onClose={() => setAnswering(null)} />
    </>
  );
}
