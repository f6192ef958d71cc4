import * as RadixTabs from '@radix-ui/react-tabs';
import { theme } from '@erp/ui';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

const listStyle = css`
  display: inline-flex;
  max-width: 100%;
  overflow-x: auto;
  gap: 0.25rem;
  padding: 0.25rem;
  border-radius: ${theme.radius.md};
  background: ${theme.color.muted};
`;

const List = styled(RadixTabs.List)`
  ${listStyle}
`;

const FilterGroup = styled.div`
  ${listStyle}
`;

const Trigger = styled(RadixTabs.Trigger)`
  flex-shrink: 0;
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  height: 2rem;
  padding: 0 0.75rem;
  border: none;
  border-radius: ${theme.radius.sm};
  background: transparent;
  color: ${theme.color.mutedForeground};
  font: inherit;
  font-size: 0.875rem;
  font-weight: 500;
  white-space: nowrap;
  cursor: pointer;
  &[data-state='active'] {
    background: ${theme.color.background};
    color: ${theme.color.foreground};
    box-shadow: ${theme.shadow.sm};
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 1px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

const Panel = styled(RadixTabs.Content)`
  margin-top: 1rem;
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 2px;
  }
`;

export interface TabItem {
  value: string;
  label: ReactNode;
  /** The panel; leave it out for tabs that only filter what is shown below them (status tabs of a list). */
  content?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Controlled: the selected tab (e.g. from the URL: ?status= or ?tab=). */
  value: string;
  onValueChange: (value: string) => void;
  'aria-label': string;
}

/**
 * Tabs on Radix Tabs (arrow keys, roving focus, tab/tabpanel roles), styled. Tabs without panels
 * (status filters of a list: what they choose is the list below) are a group of toggle buttons
 * (`aria-pressed`) of the same look instead: a tab must control a tabpanel that exists, and a
 * filter has none (axe: aria-valid-attr-value).
 */
export function Tabs({ tabs, value, onValueChange, 'aria-label': label }: TabsProps) {
  if (tabs.every((tab) => tab.content === undefined)) {
    return (
      <FilterGroup role="group" aria-label={label}>
        {tabs.map((tab) => (
          <Trigger
            as="button"
            type="button"
            key={tab.value}
            aria-pressed={tab.value === value}
            data-state={tab.value === value ? 'active' : 'inactive'}
            disabled={tab.disabled}
            onClick={() => {
              if (tab.value !== value) onValueChange(tab.value);
            }}
          >
            {tab.label}
          </Trigger>
        ))}
      </FilterGroup>
    );
  }
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} activationMode="manual">
      <List aria-label={label}>
        {tabs.map((tab) => (
          <Trigger key={tab.value} value={tab.value} disabled={tab.disabled}>
            {tab.label}
          </Trigger>
        ))}
      </List>
      {tabs.map((tab) =>
        tab.content === undefined ? null : (
          <Panel key={tab.value} value={tab.value}>
            {tab.content}
          </Panel>
        ),
      )}
    </RadixTabs.Root>
  );
}
