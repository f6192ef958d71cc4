/**
 * Design tokens. Values are CSS custom properties (set once by <GlobalStyle />) so every React root
 * (the shell and each remote) gets the same look without needing its own ThemeProvider.
 */
export const theme = {
  color: {
    background: 'var(--erp-background)',
    foreground: 'var(--erp-foreground)',
    muted: 'var(--erp-muted)',
    mutedForeground: 'var(--erp-muted-foreground)',
    border: 'var(--erp-border)',
    input: 'var(--erp-input)',
    ring: 'var(--erp-ring)',
    primary: 'var(--erp-primary)',
    primaryForeground: 'var(--erp-primary-foreground)',
    secondary: 'var(--erp-secondary)',
    secondaryForeground: 'var(--erp-secondary-foreground)',
    accent: 'var(--erp-accent)',
    destructive: 'var(--erp-destructive)',
    destructiveForeground: 'var(--erp-destructive-foreground)',
    success: 'var(--erp-success)',
    successForeground: 'var(--erp-success-foreground)',
    info: 'var(--erp-info)',
    card: 'var(--erp-card)',
    sidebar: 'var(--erp-sidebar)',
    overlay: 'rgba(9, 9, 11, 0.5)',
  },
  radius: { sm: '0.375rem', md: '0.5rem', lg: '0.75rem', full: '9999px' },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.05)',
    md: '0 4px 12px rgba(0, 0, 0, 0.08)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.16)',
  },
  font: {
    sans: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, monospace",
  },
  z: { sticky: 20, overlay: 50, toast: 100 },
  /** The shell's sticky header (every size) and the phone's bottom bar: what a field scrolled into view must clear. */
  layout: { header: '3.5rem', bottomBar: '3.75rem' },
  /** The spec's breakpoint: below 768 px is a phone (cards, bottom bar, sheets). */
  media: {
    mobile: '@media (max-width: 767.98px)',
    desktop: '@media (min-width: 768px)',
  },
} as const;

export const MOBILE_BREAKPOINT = 768;
