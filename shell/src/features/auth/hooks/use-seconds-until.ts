import { useEffect, useState } from 'react';
import { secondsLeft } from '../resend';

/** Seconds until another code may be asked for, ticking once a second while there are any. */
export function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= at) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : secondsLeft(at, now);
}
