import { Flex } from 'antd';
import { ReportFilters, useReportRange } from './report-filters';

/** 报表 › players: to be built. */
export default function PlayersReportPage() {
  const [days, setDays] = useReportRange();
  return (
    <Flex vertical gap={16}>
      <ReportFilters days={days} onDays={setDays} intro="" />
    </Flex>
  );
}
