import { Flex } from 'antd';
import { ReportFilters, useReportRange } from './report-filters';

/** 报表 › agents: to be built. */
export default function AgentsReportPage() {
  const [days, setDays] = useReportRange();
  return (
    <Flex vertical gap={16}>
      <ReportFilters days={days} onDays={setDays} intro="" />
    </Flex>
  );
}
