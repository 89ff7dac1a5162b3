import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Input, Modal, Select, Skeleton, Typography, theme } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { playerRiskAdmin } from '@breakshot/contracts';
import { PlayerTags, presetTagOptions } from '../../components/player-tags';
import { ReadFailed } from '../../components/read-failed';
import { call } from '../../lib/api';
import { fieldRule } from '../../lib/contract-rules';
import { callKey } from '../../lib/query-client';
import { dateTime } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { playerTexts as t } from './texts';

type Risk = playerRiskAdmin.PlayerRiskView;

const fields = { ...playerRiskAdmin.playerTagsSet.request.shape, ...playerRiskAdmin.playerNoteAdd.request.shape };

/** Replaces the tags: the presets offered, any short word typed becomes a custom tag. */
function TagsModal({ username, risk, onClose }: { username: string; risk: Risk; onClose: () => void }) {
  const [form] = Form.useForm<{ tags: string[] }>();
  const save = useAction(playerRiskAdmin.playerTagsSet, {
    done: t.tagsSaved,
    refresh: [playerRiskAdmin.playerRisk],
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={t.tagsTitle(username)}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ tags: risk.tags }}
        onFinish={(v) => save.mutate({ userId: risk.userId, tags: v.tags ?? [] })}
      >
        <Form.Item name="tags" label={t.tags} extra={t.tagsHint} rules={[fieldRule(fields.tags.optional())]}>
          <Select
            mode="tags"
            aria-label={t.tags}
            options={presetTagOptions}
            placeholder={t.tagsPlaceholder}
            tokenSeparators={[',', '，', ' ']}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Adds a note; it stays as written (the list shows who wrote it and when). */
function NoteForm({ userId }: { userId: number }) {
  const [form] = Form.useForm<{ body: string }>();
  const add = useAction(playerRiskAdmin.playerNoteAdd, {
    done: t.noteAdded,
    refresh: [playerRiskAdmin.playerRisk],
    onSuccess: () => form.resetFields(),
  });
  return (
    <Form form={form} requiredMark={false} onFinish={(v) => add.mutate({ userId, body: v.body })}>
      {/* Room below the box for its count (showCount draws it under the box). */}
      <Form.Item name="body" rules={[fieldRule(fields.body)]} style={{ marginBottom: 28 }}>
        <Input.TextArea
          aria-label={t.note}
          placeholder={t.notePlaceholder}
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={playerRiskAdmin.MAX_NOTE}
          showCount
        />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t.addNote}
        </Button>
      </Flex>
    </Form>
  );
}

function Notes({ risk }: { risk: Risk }) {
  const { token } = theme.useToken();
  if (risk.notes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noNotes} />;
  return (
    <div>
      <ol data-testid="player-notes" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {risk.notes.map((n) => (
          <li key={n.id} style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 2 }}>{n.body}</Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {n.by} · {dateTime(n.at)}
            </Typography.Text>
          </li>
        ))}
      </ol>
      {risk.noteCount > risk.notes.length && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t.notesShown(risk.notes.length, risk.noteCount)}
        </Typography.Text>
      )}
    </div>
  );
}

function RiskCard({ userId, username }: { userId: number; username: string }) {
  const may = useMay();
  const [editing, setEditing] = useState(false);
  const input = { userId };
  const query = useQuery({
    queryKey: callKey(playerRiskAdmin.playerRisk, input),
    queryFn: () => call(playerRiskAdmin.playerRisk, input),
  });
  const { data } = query;
  const edit = data && may(playerRiskAdmin.playerTagsSet) && (
    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
      {t.tagsEdit}
    </Button>
  );
  return (
    <Card variant="borderless" title={t.risk} extra={edit} data-testid="player-risk">
      {query.error ? (
        <ReadFailed query={query} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={12} align="center">
            <Typography.Text type="secondary">{t.tags}</Typography.Text>
            {data.tags.length > 0 ? (
              <PlayerTags tags={data.tags} />
            ) : (
              <Typography.Text type="secondary">{t.noTags}</Typography.Text>
            )}
          </Flex>
          {may(playerRiskAdmin.playerNoteAdd) && <NoteForm userId={userId} />}
          <Notes risk={data} />
        </Flex>
      )}
      {editing && data && <TagsModal username={username} risk={data} onClose={() => setEditing(false)} />}
    </Card>
  );
}

/**
 * 风控标签与备注 (docs/design.md §9, "Player risk"): the tags risk gives the player, shown
 * wherever their bets and withdrawals are reviewed, and the notes operators keep on them.
 */
export function PlayerRisk({ userId, username }: { userId: number; username: string }) {
  const may = useMay();
  return may(playerRiskAdmin.playerRisk) ? <RiskCard userId={userId} username={username} /> : null;
}
