/**
 * Toast queue. @erp/ui is a Module Federation singleton, so toast() called in any remote lands in the
 * one <Toaster /> the shell mounts.
 */
export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; the spec's default is 5000. */
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastOptions, 'description'>> {
  id: number;
  description?: string;
}

const MAX_VISIBLE = 4;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions): number {
  const item: ToastItem = { id: nextId++, variant: 'default', duration: 5000, ...options };
  items = [...items, item].slice(-MAX_VISIBLE);
  emit();
  return item.id;
}

export function dismissToast(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getToasts = (): ToastItem[] => items;
