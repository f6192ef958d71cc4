import { LinkButton } from './link-button';
import { theme } from './theme';
import { useEffect } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.75rem;
  padding: 4rem 1rem;
  text-align: center;
`;

const Code = styled.p`
  font-size: 4.5rem;
  font-weight: 800;
  line-height: 1;
  letter-spacing: -0.04em;
  color: ${theme.color.primary};
`;

const Message = styled.h1`
  font-size: 1.25rem;
  font-weight: 600;
  margin-bottom: 0.75rem;
`;

/** SPEC §2 "Not-found page": '404', 'Oops! Page not found', a link to the root; the path is logged. The shell's 404 page and a remote's view of paths under its routes that it does not serve. */
export function NotFound({ pathname }: { pathname: string }) {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <Wrapper>
      <Code>404</Code>
      <Message>Oops! Page not found</Message>
      <LinkButton to="/" variant="outline">
        Return to Home
      </LinkButton>
    </Wrapper>
  );
}
