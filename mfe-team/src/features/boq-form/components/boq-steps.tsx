import { Card, CardContent, CardDescription, Icon, theme } from '@erp/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface StepState {
  id: string;
  number: number;
  label: string;
  /** The label on phones. */
  short: string;
  done: boolean;
}

/** Read by screen readers, not shown. */
export const SrOnly = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 0.5rem;
`;

const StepButton = styled.a<{ $done: boolean; $current: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${(p) => (p.$current ? theme.color.primary : theme.color.border)};
  border-radius: ${theme.radius.md};
  background: ${theme.color.card};
  color: inherit;
  text-decoration: none;
  font-size: 0.875rem;
  font-weight: ${(p) => (p.$current ? 600 : 500)};
  min-width: 0;
  &:hover {
    background: ${theme.color.accent};
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 1px;
  }
  & > .label {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  & > .short {
    display: none;
  }
  ${theme.media.mobile} {
    padding: 0.375rem 0.5rem;
    gap: 0.375rem;
    font-size: 0.8125rem;
    & > .label {
      display: none;
    }
    & > .short {
      display: inline;
    }
  }
`;

const Dot = styled.span<{ $done: boolean; $current: boolean }>`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  font-size: 0.75rem;
  font-weight: 700;
  background: ${(p) => (p.$done ? theme.color.success : p.$current ? theme.color.primary : theme.color.muted)};
  color: ${(p) => (p.$done ? theme.color.successForeground : p.$current ? theme.color.primaryForeground : theme.color.mutedForeground)};
`;

/** The three steps (SPEC §5 "BOQ create/edit"): each shows whether it is complete and jumps to its section. */
export function Stepper({ steps }: { steps: StepState[] }) {
  const current = steps.find((s) => !s.done)?.id;
  return (
    <nav aria-label="Steps">
      <Steps>
        {steps.map((step) => (
          <li key={step.id}>
            <StepButton
              href={`#${step.id}`}
              $done={step.done}
              $current={step.id === current}
              aria-current={step.id === current ? 'step' : undefined}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(step.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            >
              <Dot $done={step.done} $current={step.id === current} aria-hidden="true">
                {step.done ? <Icon name="check" size={14} /> : step.number}
              </Dot>
              <span className="label">{step.label}</span>
              <span className="short">{step.short}</span>
              <SrOnly>{step.done ? ', complete' : ', to do'}</SrOnly>
            </StepButton>
          </li>
        ))}
      </Steps>
    </nav>
  );
}

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.75rem;
  flex-wrap: wrap;
  padding: 1.25rem 1.25rem 0;
  & h2 {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    font-size: 1rem;
    font-weight: 600;
  }
  & .actions {
    display: flex;
    gap: 0.5rem;
    flex-wrap: wrap;
  }
  ${theme.media.mobile} {
    & .actions {
      width: 100%;
    }
    & .actions > * {
      flex: 1;
    }
  }
`;

const Section = styled(Card)`
  scroll-margin-top: calc(${theme.layout.header} + 0.75rem);
`;

export interface StepSectionProps {
  step: StepState;
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A step's card: its number (a check once complete), title and what it asks for. */
export function StepSection({ step, title, description, actions, children }: StepSectionProps) {
  return (
    <Section as="section" id={step.id} aria-labelledby={`${step.id}-title`}>
      <Header>
        <div>
          <h2 id={`${step.id}-title`}>
            <Dot $done={step.done} $current={false} aria-hidden="true">
              {step.done ? <Icon name="check" size={14} /> : step.number}
            </Dot>
            <span>
              <SrOnly>Step {step.number}: </SrOnly>
              {title}
            </span>
          </h2>
          {description && <CardDescription style={{ marginTop: '0.25rem' }}>{description}</CardDescription>}
        </div>
        {actions && <div className="actions">{actions}</div>}
      </Header>
      <CardContent>{children}</CardContent>
    </Section>
  );
}
