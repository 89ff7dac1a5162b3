/*
 * CLOCK_MONOTONIC in ms (process.hrtime: libuv reads it on Linux). One clock for every process on
 * the machine, unlike performance.now() (each process's own origin) or Date (stepped by NTP): an
 * instant taken in one process and one taken in another subtract to a true interval.
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** The time since monotonic instant `t`, for a progress line: "12.3 s". */
export const since = (t: number): string => `${((monotonicMs() - t) / 1000).toFixed(1)} s`;
