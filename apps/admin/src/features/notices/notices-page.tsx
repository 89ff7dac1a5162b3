import { Card, Empty } from 'antd';

export default function Page() {
  return (
    <Card>
      <Empty description="建设中" />
    </Card>
  );
}
