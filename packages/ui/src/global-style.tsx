import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

/** Mounted once per page (by the shell, or by a remote's standalone dev host). */
export const GlobalStyle = createGlobalStyle`
  :root {
    --erp-background: #ffffff;
    --erp-foreground: #0f172a;
    --erp-muted: #f1f5f9;
    --erp-muted-foreground: #556274;
    --erp-border: #e2e8f0;
    --erp-input: #cbd5e1;
    --erp-ring: #94a3b8;
    --erp-primary: #1e293b;
    --erp-primary-foreground: #f8fafc;
    --erp-secondary: #f1f5f9;
    --erp-secondary-foreground: #0f172a;
    --erp-accent: #f1f5f9;
    --erp-destructive: #dc2626;
    --erp-destructive-foreground: #ffffff;
    --erp-success: #15803d;
    --erp-success-foreground: #ffffff;
    --erp-info: #2563eb;
    --erp-card: #ffffff;
    --erp-sidebar: #f8fafc;
    color-scheme: light;
  }
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${theme.font.sans};
    font-size: 14px;
    line-height: 1.5;
    color: ${theme.color.foreground};
    background: ${theme.color.background};
    -webkit-font-smoothing: antialiased;
    -webkit-text-size-adjust: 100%;
  }
  h1, h2, h3, h4, p { margin: 0; }
  a { color: inherit; }
  button, input, select, textarea { font: inherit; color: inherit; }
  .sr-only {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  :focus-visible { outline: 2px solid ${theme.color.ring}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
