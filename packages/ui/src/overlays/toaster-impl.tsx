/**
 * sonner does the queue, timers (paused on hover and while the tab is hidden), stacking, swipe to
 * dismiss and the live region; each toast's card is ours, styled here, with role alert for errors
 * and status otherwise. Loaded lazily by ../toast.ts and ../toaster.tsx.
 *
 * A toast never sits over an action (decision 0038): the toasts rise above any `[data-keep-clear]`
 * element (a form's buttons, a dialog's footer, a sticky action bar) that lies where they would be,
 * and a toast goes after its time plus HOVER_GRACE_MS even while the pointer rests on it.
 */
import { useEffect, useState } from 'react';
import { toast as sonner, Toaster } from 'sonner';
import styled from 'styled-components';
import { Icon } from '../icon';
import { theme } from '../theme';
import type { ToastOptions, ToastVariant } from '../toast';
import { useIsMobile } from '../use-media-query';
import { clearOffset, GAP } from './keep-clear';

const accents: Record<ToastVariant, string> = {
  default: theme.color.border,
  success: theme.color.success,
  destructive: theme.color.destructive,
  info: theme.color.info,
};

const Card = styled.div<{ $variant: ToastVariant }>`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  /* sonner sizes only its own styled toasts: ours take the toaster's --width, or the row on a narrow screen (sonner's 600 px). */
  width: var(--width);
  @media (max-width: 600px) {
    width: 100%;
  }
  box-sizing: border-box;
  padding: 0.875rem 1rem;
  border: 1px solid ${theme.color.border};
  border-left: 4px solid ${(p) => accents[p.$variant]};
  border-radius: ${theme.radius.md};
  background: ${(p) => (p.$variant === 'destructive' ? '#fef2f2' : theme.color.background)};
  box-shadow: ${theme.shadow.md};
  font-family: ${theme.font.sans};
  color: ${theme.color.foreground};
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  display: grid;
  gap: 0.125rem;
  overflow-wrap: anywhere;
`;

const Title = styled.p`
  font-weight: 600;
  font-size: 0.875rem;
`;

const Description = styled.p`
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
`;

const Close = styled.button`
  display: inline-flex;
  padding: 0.125rem;
  border: none;
  background: transparent;
  color: ${theme.color.mutedForeground};
  cursor: pointer;
`;

function ToastCard({
  id,
  title,
  description,
  variant,
}: {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}) {
  return (
    <Card $variant={variant} role={variant === 'destructive' ? 'alert' : 'status'}>
      <Text>
        <Title>{title}</Title>
        {description && <Description>{description}</Description>}
      </Text>
      <Close type="button" aria-label="Dismiss notification" onClick={() => sonner.dismiss(id)}>
        <Icon name="x" size={14} />
      </Close>
    </Card>
  );
}

/** How long past its duration a toast may stay while hovered (sonner pauses its timer on hover). */
export const HOVER_GRACE_MS = 10_000;

export function showToast(
  id: string,
  { title, description, variant = 'default', duration = 5000 }: ToastOptions,
): void {
  sonner.custom(() => <ToastCard id={id} title={title} description={description} variant={variant} />, {
    id,
    duration,
  });
  // Hovering pauses a toast, but never keeps it for good.
  if (Number.isFinite(duration)) setTimeout(() => sonner.dismiss(id), duration + HOVER_GRACE_MS);
}

export function dismissToast(id: string): void {
  sonner.dismiss(id);
}

const VISIBLE = 4;
/** Elements a toast must never cover. */
const KEEP_CLEAR = '[data-keep-clear]';

const remPx = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/** The toasts' bottom offset in px, kept clear of the page's actions while any toast is shown. */
function useKeepClearOffset(base: () => number): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    let frame = 0;
    // Read once, before watching the page (reading the safe area adds and removes a probe element).
    const baseOffset = base();
    const measure = () => {
      frame = 0;
      const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
      const toasts = toaster
        ? [...toaster.querySelectorAll<HTMLElement>('[data-sonner-toast]')].slice(0, VISIBLE)
        : [];
      if (!toaster || toasts.length === 0) return setOffset(null);
      const box = toaster.getBoundingClientRect();
      const stack = toasts.reduce((sum, t) => sum + t.offsetHeight, 0) + GAP * (toasts.length - 1);
      const rects = [...document.querySelectorAll(KEEP_CLEAR)].map((el) => el.getBoundingClientRect());
      const header = 3.5 * remPx();
      const next = clearOffset(
        baseOffset,
        { height: window.innerHeight },
        { left: box.left, right: box.right },
        stack,
        rects,
        header,
      );
      setOffset((prev) => (prev === next ? prev : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [base]);
  return offset;
}

const desktopBase = () => remPx();
/** Above the phone's bottom navigation (theme.layout.bottomBar, 3.75rem) with the safe area. */
const phoneBase = () => 4.5 * remPx() + safeAreaBottom();

function safeAreaBottom(): number {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:fixed;visibility:hidden;height:env(safe-area-inset-bottom)';
  document.body.appendChild(probe);
  const h = probe.getBoundingClientRect().height;
  probe.remove();
  return h;
}

/** Four at a time, bottom-right; on phones above the bottom navigation bar; never over a page's actions. */
export function ToasterImpl() {
  const mobile = useIsMobile();
  const clear = useKeepClearOffset(mobile ? phoneBase : desktopBase);
  const phoneBottom = clear === null ? 'calc(4.5rem + env(safe-area-inset-bottom))' : clear;
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={VISIBLE}
      gap={GAP}
      containerAriaLabel="Notifications"
      style={{ zIndex: theme.z.toast, ['--width' as string]: 'min(24rem, calc(100vw - 2rem))' }}
      offset={
        mobile
          ? { bottom: phoneBottom, right: '1rem', left: '1rem' }
          : { bottom: clear ?? '1rem', right: '1rem' }
      }
      mobileOffset={{ bottom: phoneBottom, right: '1rem', left: '1rem' }}
    />
  );
}
