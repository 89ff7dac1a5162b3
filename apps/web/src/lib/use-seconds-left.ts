import { useEffect, useState } from 'react';

/** Seconds left until `iso` (0 when past or absent), ticking every second. */
export function useSecondsLeft(iso: string | null | undefined): number {
  const calc = () => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0);
  const [left, setLeft] = useState(calc);
  useEffect(() => {
    setLeft(calc());
    if (!iso) return;
    const timer = setInterval(() => setLeft(calc()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return left;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 75 → '01:15'; 3725 → '01:02:05'; a day or more keeps its days apart: { days: 2, clock: '03:00:00' }. */
export function splitDuration(seconds: number): { days: number; clock: string } {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const clock = days > 0 || h > 0 ? `${pad(h)}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
  return { days, clock };
}
