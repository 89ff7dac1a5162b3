import { ErrorCode } from '@breakshot/contracts';
import { AppError } from '../../../platform/errors.js';
import { addDays, localDayStart, mondayOf } from '../../../platform/time-range.js';
import type { SettlementKind } from '../report-tables.js';

/* Settlement periods: a commission day, or a dividend week named by its Monday (site time zone). */

/** The first day after the period. */
const periodEnd = (kind: SettlementKind, period: string): string => addDays(period, kind === 'commission' ? 1 : 7);

/** 400 settlementNotMonday for a dividend period that is not a Monday; 422 settlementPeriodOpen until it has ended. */
export function checkPeriod(kind: SettlementKind, period: string, now: Date, timeZone: string): void {
  if (kind === 'dividend' && mondayOf(period) !== period) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'settlementNotMonday', undefined, { field: 'period' });
  }
  if (now < localDayStart(periodEnd(kind, period), timeZone)) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'settlementPeriodOpen', undefined, { field: 'period' });
  }
}
