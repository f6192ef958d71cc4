import { Icon, theme } from '@erp/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Page = styled.main`
  min-height: 100vh;
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: 1.5rem 1rem;
  background: linear-gradient(160deg, #f8fafc 0%, #e2e8f0 100%);
`;

const Column = styled.div`
  width: 100%;
  max-width: 24rem;
  display: grid;
  gap: 1.5rem;
`;

const Brand = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.25rem;
  text-align: center;
`;

const Logo = styled.div`
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: ${theme.radius.lg};
  background: ${theme.color.primary};
  color: ${theme.color.primaryForeground};
  margin-bottom: 0.5rem;
`;

const Heading = styled.h1`
  font-size: 1.75rem;
  font-weight: 800;
  letter-spacing: 0.02em;
`;

const Subtitle = styled.p`
  color: ${theme.color.mutedForeground};
`;

const Footer = styled.p`
  text-align: center;
  font-size: 0.75rem;
  color: ${theme.color.mutedForeground};
  & a {
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;

const preventPlaceholder = (event: { preventDefault: () => void }) => event.preventDefault();

/** The sign-in screen around its card: the brand above it and the terms below, centred on the page. */
export function SignInFrame({ children }: { children: ReactNode }) {
  return (
    <Page>
      <Column>
        <Brand>
          <Logo>
            <Icon name="clipboard" size={24} />
          </Logo>
          <Heading>ERP</Heading>
          <Subtitle>Management System</Subtitle>
        </Brand>
        {children}
        <Footer>
          By continuing, you agree to our{' '}
          <a href="#terms" onClick={preventPlaceholder}>
            Terms of Service
          </a>{' '}
          and{' '}
          <a href="#privacy" onClick={preventPlaceholder}>
            Privacy Policy
          </a>
          .
        </Footer>
      </Column>
    </Page>
  );
}
