import { Card, CardContent, CardDescription, CardHeader, CardTitle, theme } from '@erp/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Grid = styled.div`
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
    <Card as="section" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id} as="h2">
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{grid ? <Grid>{children}</Grid> : children}</CardContent>
    </Card>
  );
}
