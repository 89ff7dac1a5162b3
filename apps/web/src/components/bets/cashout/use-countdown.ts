import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (ms on this phone's clock; 0 when past or absent), worked out
 * on every render and ticking every second: a new deadline shows at once, never a second late.
 */
export function useCountdown(deadline: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1_000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1_000));
}
