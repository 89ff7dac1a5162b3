import { agentReports } from '@breakshot/contracts';

/*
 * The agent reports (docs/screens.md Agent area) as configurations of one page (report-page.tsx) and
 * one day drill-down (day-detail-page.tsx): which kind each route asks for, which columns link to
 * which `{date}` route, what it charts. The columns themselves are the contract's REPORT_LAYOUTS.
 */

export type ReportKind = agentReports.ReportKind;
export type DayDetail = agentReports.DayDetail;
export type ReportColumn = agentReports.ReportColumn;

export interface ReportConfig {
  kind: ReportKind;
  /** Column key → the `{date}` route its figure opens (the column's `drill` is that route's detail). */
  drills?: Readonly<Record<string, DayRouteId>>;
  /** The column charted day by day (a trend helps on daily money figures). */
  chart?: string;
  /** Show the period per game type (kind 'games'). */
  byGameType?: boolean;
  /** Without the daily (or weekly) rows: yxsy shows the game types only. */
  noRows?: boolean;
}

export type DayRouteId =
  | 'dlFanshuidetails'
  | 'dlHongliDetails'
  | 'dlYongjinDetails'
  | 'dlYouxishuying'
  | 'dlUseryouxi'
  | 'dlUserjsy'
  | 'dlChongzhiDetails'
  | 'dlQukuanDetails'
  | 'dlShouchongDetails';

export type ReportRouteId =
  | 'dlTuanduisy'
  | 'dlHlfybb'
  | 'dlYxsy'
  | 'dlYouxi'
  | 'dlJsybb'
  | 'dlChongzhibb'
  | 'dlChongtissf'
  | 'dlFenhongbb'
  | 'dlDezhoubaoxian'
  | 'dlNumberTable';

export const REPORT_CONFIGS: Readonly<Record<ReportRouteId, ReportConfig>> = {
  dlTuanduisy: { kind: 'team', chart: 'winLoss' },
  dlHlfybb: {
    kind: 'costs',
    drills: { rebates: 'dlFanshuidetails', bonuses: 'dlHongliDetails', commission: 'dlYongjinDetails' },
    chart: 'commission',
  },
  dlYxsy: { kind: 'games', byGameType: true, noRows: true },
  dlYouxi: {
    kind: 'games',
    drills: { validBet: 'dlUseryouxi', winLoss: 'dlYouxishuying', commission: 'dlYongjinDetails' },
    byGameType: true,
    chart: 'winLoss',
  },
  dlJsybb: { kind: 'net', drills: { net: 'dlUserjsy' }, chart: 'net' },
  dlChongzhibb: {
    kind: 'cash',
    drills: { deposits: 'dlChongzhiDetails', withdrawals: 'dlQukuanDetails', firstDeposits: 'dlShouchongDetails' },
    chart: 'deposits',
  },
  dlChongtissf: { kind: 'fees', chart: 'fees' },
  dlFenhongbb: { kind: 'dividend' },
  dlDezhoubaoxian: { kind: 'pokerInsurance', chart: 'net' },
  dlNumberTable: { kind: 'numbers', chart: 'registrations' },
};

/** The `{date}` routes and the day detail each shows. */
export const DAY_CONFIGS: Readonly<Record<DayRouteId, DayDetail>> = {
  dlFanshuidetails: 'rebates',
  dlHongliDetails: 'bonuses',
  dlYongjinDetails: 'commission',
  dlYouxishuying: 'games',
  dlUseryouxi: 'memberGames',
  dlUserjsy: 'net',
  dlChongzhiDetails: 'deposits',
  dlQukuanDetails: 'withdrawals',
  dlShouchongDetails: 'firstDeposits',
};

export const reportColumns = (kind: ReportKind): readonly ReportColumn[] => agentReports.REPORT_LAYOUTS[kind].columns;
export const dayColumns = (detail: DayDetail): readonly ReportColumn[] => agentReports.DAY_LAYOUTS[detail];
export const rowsAreWeeks = (kind: ReportKind): boolean => agentReports.REPORT_LAYOUTS[kind].rows === 'week';
