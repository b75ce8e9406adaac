import { useEffect, useState } from 'react';

/**
 * The current time, updated on the minute (the countdown and the next prayer change no more
 * often than that). `null` while prerendering and hydrating, so the HTML carries no time.
 */
export function useMinuteClock(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      timer = setTimeout(tick, 60_000 - (current.getTime() % 60_000) + 50);
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
