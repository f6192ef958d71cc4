import { useEffect, useRef } from 'react';
import { addNavigationGuard } from './navigation';

/**
 * While `when` is true, leaving the screen needs `confirm()` to resolve true (e.g. a "discard
 * changes?" dialog). Covers navigation from any app (the shell's sidebar and logout included), the
 * browser's back/forward buttons, and closing or reloading the tab.
 */
export function useNavigationGuard(when: boolean, confirm: () => Promise<boolean>): void {
  const confirmRef = useRef(confirm);
  useEffect(() => {
    confirmRef.current = confirm;
  });

  useEffect(() => {
    if (!when) return;
    // Once the user agreed to leave, later redirects on the way out must not ask again.
    let agreed = false;
    const removeGuard = addNavigationGuard(async () => {
      if (!agreed) agreed = await confirmRef.current();
      return agreed;
    });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!agreed) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      removeGuard();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [when]);
}
