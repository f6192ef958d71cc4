import { theme } from '@erp/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { SectionCard } from './section-card';

/** Form fields two per row on desktops, one per row on phones; `.span-2` takes a whole row. */
export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem 1.25rem;
  & > .span-2 {
    grid-column: 1 / -1;
  }
  ${theme.media.mobile} {
    grid-template-columns: 1fr;
  }
`;

export interface FormSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** Lay the children out two per row on desktops. */
  grid?: boolean;
}

/** One titled card of a form (the member, item and vendor forms of the remotes). */
export function FormSection({ title, description, children, grid }: FormSectionProps) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <SectionCard titleId={id} title={title} description={description || undefined}>
      {grid ? <FieldGrid>{children}</FieldGrid> : children}
    </SectionCard>
  );
}
