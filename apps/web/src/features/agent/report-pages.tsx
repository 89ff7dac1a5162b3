import { DayDetailPage } from './day-detail-page';
import { REPORT_CONFIGS, type DayRouteId, type ReportRouteId } from './report-config';
import { ReportPage } from './report-page';

/*
 * The pages of the report routes and their `{date}` drill-downs (pages.ts): each is the one
 * report page or the one day detail, configured by its route (report-config.ts).
 */
const report = (route: ReportRouteId) =>
  function AgentReportPage() {
    return <ReportPage config={REPORT_CONFIGS[route]} />;
  };
const day = (route: DayRouteId) =>
  function AgentDayPage() {
    return <DayDetailPage route={route} />;
  };

export const TuanduisyPage = report('dlTuanduisy');
export const HlfybbPage = report('dlHlfybb');
export const YxsyPage = report('dlYxsy');
export const YouxiPage = report('dlYouxi');
export const JsybbPage = report('dlJsybb');
export const ChongzhibbPage = report('dlChongzhibb');
export const ChongtissfPage = report('dlChongtissf');
export const FenhongbbPage = report('dlFenhongbb');
export const DezhoubaoxianPage = report('dlDezhoubaoxian');
export const NumberTablePage = report('dlNumberTable');

export const FanshuidetailsPage = day('dlFanshuidetails');
export const HongliDetailsPage = day('dlHongliDetails');
export const YongjinDetailsPage = day('dlYongjinDetails');
export const YouxishuyingPage = day('dlYouxishuying');
export const UseryouxiPage = day('dlUseryouxi');
export const UserjsyPage = day('dlUserjsy');
export const ChongzhiDetailsPage = day('dlChongzhiDetails');
export const QukuanDetailsPage = day('dlQukuanDetails');
export const ShouchongDetailsPage = day('dlShouchongDetails');
