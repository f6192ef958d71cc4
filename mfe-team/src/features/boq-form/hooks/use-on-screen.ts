import { useEffect, useState, type RefObject } from 'react';

/** True while `ref`'s element is on screen (the Actions card: when it is not, the sticky bar takes over). */
export function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setVisible(false);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setVisible(Boolean(entry?.isIntersecting)), {
      threshold: 0.5,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return visible;
}
