import { lazy, type ComponentType } from 'react';

/**
 * A code-split screen that can be fetched ahead of rendering. Once loaded it renders directly, so
 * a screen preloaded during start-up shows without a Suspense fallback flash.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return { preload, Screen };
}
