import { useEffect, useRef } from 'react';
import { addNavigationGuard, navigate } from './router';

interface SingleSpaRoutingDetail {
  newUrl: string;
  originalEvent?: Event & { singleSpa?: boolean };
  cancelNavigation?: () => void;
}

/**
 * Hold navigation while `when` is true and let the caller ask the user (e.g. a confirm dialog).
 * Covers in-app navigation from any app (the shell's sidebar included), the browser's back/forward
 * under single-spa, and closing or reloading the tab.
 */
export function useNavigationGuard(when: boolean, onBlock: (proceed: () => void) => void): void {
  const onBlockRef = useRef(onBlock);
  onBlockRef.current = onBlock;

  useEffect(() => {
    if (!when) return;
    let allowed = false;
    const removeGuard = addNavigationGuard((_to, proceed) =>
      onBlockRef.current(() => {
        allowed = true;
        proceed();
      }),
    );
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    // Browser back/forward: single-spa lets us cancel before any application is unmounted.
    const onRouting = (event: Event) => {
      const detail = (event as CustomEvent<SingleSpaRoutingDetail>).detail;
      const original = detail.originalEvent;
      if (allowed || !detail.cancelNavigation || !original || original.type !== 'popstate' || original.singleSpa) return;
      detail.cancelNavigation();
      const target = new URL(detail.newUrl);
      onBlockRef.current(() => {
        allowed = true;
        removeGuard();
        navigate(target.pathname + target.search + target.hash);
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('single-spa:before-routing-event', onRouting);
    return () => {
      removeGuard();
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('single-spa:before-routing-event', onRouting);
    };
  }, [when]);
}
