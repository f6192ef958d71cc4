import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Label } from './label';
import { theme } from './theme';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  min-width: 0;
  /* A field scrolled into view (the first error on Save) stays clear of the sticky header and the phone's bottom bar. */
  scroll-margin-top: calc(${theme.layout.header} + 0.75rem);
  ${theme.media.mobile} {
    scroll-margin-bottom: calc(${theme.layout.bottomBar} + env(safe-area-inset-bottom) + 0.75rem);
  }
`;

const Required = styled.span`
  color: ${theme.color.destructive};
  margin-left: 0.125rem;
`;

const Hint = styled.p`
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
`;

const ErrorText = styled.p`
  font-size: 0.8125rem;
  color: ${theme.color.destructive};
`;

export interface FieldProps {
  label: ReactNode;
  /** id of the control inside, so the label and messages are tied to it. */
  htmlFor: string;
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label + control + hint or error. Give the control aria-describedby={`${htmlFor}-msg`} to link the text. */
export function Field({ label, htmlFor, required, hint, error, children, className }: FieldProps) {
  return (
    <Wrapper className={className} data-form-field="">
      <Label htmlFor={htmlFor}>
        {label}
        {required && <Required aria-hidden="true">*</Required>}
      </Label>
      {children}
      {error ? (
        <ErrorText id={`${htmlFor}-msg`} role="alert">
          {error}
        </ErrorText>
      ) : hint ? (
        <Hint id={`${htmlFor}-msg`}>{hint}</Hint>
      ) : null}
    </Wrapper>
  );
}
