import { useEffect } from 'react';
import styled, { keyframes } from 'styled-components';
import { Icon } from './icon';
import { theme } from './theme';
import { dismissToast, type ToastItem, type ToastVariant } from './toast-store';

const slideIn = keyframes`from { opacity: 0; transform: translateY(0.5rem); } to { opacity: 1; transform: none; }`;

const accents: Record<ToastVariant, string> = {
  default: theme.color.border,
  success: theme.color.success,
  destructive: theme.color.destructive,
  info: theme.color.info,
};

const Item = styled.li<{ $variant: ToastVariant }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  padding: 0.875rem 1rem;
  border: 1px solid ${theme.color.border};
  border-left: 4px solid ${(p) => accents[p.$variant]};
  border-radius: ${theme.radius.md};
  background: ${(p) => (p.$variant === 'destructive' ? '#fef2f2' : theme.color.background)};
  box-shadow: ${theme.shadow.md};
  animation: ${slideIn} 0.2s ease-out;
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  display: grid;
  gap: 0.125rem;
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

export function ToastEntry({ item }: { item: ToastItem }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), item.duration);
    return () => clearTimeout(timer);
  }, [item.id, item.duration]);
  return (
    <Item $variant={item.variant} role={item.variant === 'destructive' ? 'alert' : 'status'}>
      <Text>
        <Title>{item.title}</Title>
        {item.description && <Description>{item.description}</Description>}
      </Text>
      <Close type="button" aria-label="Dismiss notification" onClick={() => dismissToast(item.id)}>
        <Icon name="x" size={14} />
      </Close>
    </Item>
  );
}
