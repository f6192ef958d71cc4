/**
 * sonner does the queue, timers (paused on hover and while the tab is hidden), stacking, swipe to
 * dismiss and the live region; each toast's card is ours, styled here, with role alert for errors
 * and status otherwise. Loaded lazily by ../toast.ts and ../toaster.tsx.
 */
import { toast as sonner, Toaster } from 'sonner';
import styled from 'styled-components';
import { Icon } from '../icon';
import { theme } from '../theme';
import type { ToastOptions, ToastVariant } from '../toast';
import { useIsMobile } from '../use-media-query';

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
  @media (max-width: 600px) { width: 100%; }
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

function ToastCard({ id, title, description, variant }: { id: string; title: string; description?: string; variant: ToastVariant }) {
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

export function showToast(id: string, { title, description, variant = 'default', duration = 5000 }: ToastOptions): void {
  sonner.custom(() => <ToastCard id={id} title={title} description={description} variant={variant} />, { id, duration });
}

export function dismissToast(id: string): void {
  sonner.dismiss(id);
}

/** Four at a time, bottom-right; on phones above the bottom navigation bar. */
export function ToasterImpl() {
  const mobile = useIsMobile();
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={4}
      gap={8}
      containerAriaLabel="Notifications"
      style={{ zIndex: theme.z.toast, ['--width' as string]: 'min(24rem, calc(100vw - 2rem))' }}
      offset={mobile ? { bottom: 'calc(4.5rem + env(safe-area-inset-bottom))', right: '1rem', left: '1rem' } : '1rem'}
      mobileOffset={{ bottom: 'calc(4.5rem + env(safe-area-inset-bottom))', right: '1rem', left: '1rem' }}
    />
  );
}
