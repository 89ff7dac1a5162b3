import { DayDetailPage } from './day-detail-page';
import { REPORT_CONFIGS, type DayRouteId, type ReportRouteId } from './report-config';
import { ReportPage } from './report-page';

/*
 * The pages of the report routes and their `{date}` drill-downs (src/pages.ts loads them): each is the one
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

export const TeamEarningsPage = report('dlTuanduisy');
export const CostsReportPage = report('dlHlfybb');
export const GameIncomePage = report('dlYxsy');
export const GamesReportPage = report('dlYouxi');
export const NetWinLossReportPage = report('dlJsybb');
export const CashReportPage = report('dlChongzhibb');
export const CashFeesPage = report('dlChongtissf');
export const DividendReportPage = report('dlFenhongbb');
export const PokerInsurancePage = report('dlDezhoubaoxian');
export const HeadcountReportPage = report('dlNumberTable');

export const RebateDayPage = day('dlFanshuidetails');
export const BonusDayPage = day('dlHongliDetails');
export const CommissionDayPage = day('dlYongjinDetails');
export const GameWinLossDayPage = day('dlYouxishuying');
export const MemberGamesDayPage = day('dlUseryouxi');
export const MemberNetWinLossDayPage = day('dlUserjsy');
export const DepositDayPage = day('dlChongzhiDetails');
export const WithdrawalDayPage = day('dlQukuanDetails');
export const FirstDepositDayPage = day('dlShouchongDetails');
