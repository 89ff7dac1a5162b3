import { useState } from 'react';
import { Button, Card, Empty, Form, InputNumber } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { MatchFeed } from './match-feed';
import { feedTexts as t } from './texts';

/** A match's event log: the match picked by its id (kept in the page's address by `onMatch`). */
export function EventsTab({ matchId, onMatch }: { matchId: number | null; onMatch: (id: number) => void }) {
  const [typed, setTyped] = useState<number | null>(matchId);
  return (
    <Card variant="borderless">
      <Form layout="inline" onFinish={() => typed !== null && onMatch(typed)} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item label={t.matchId}>
          <InputNumber
            min={1}
            precision={0}
            value={typed}
            onChange={setTyped}
            placeholder={t.matchId}
            aria-label={t.matchId}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} disabled={typed === null}>
            {t.search}
          </Button>
        </Form.Item>
      </Form>
      {matchId === null ? (
        <Empty description={t.pickMatch} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <MatchFeed key={matchId} matchId={matchId} />
      )}
    </Card>
  );
}
