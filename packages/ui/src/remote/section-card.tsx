import { Card, CardContent, CardDescription, CardHeader, CardTitle, theme } from '@erp/ui';
import type { CSSProperties, ReactNode, Ref } from 'react';
import styled from 'styled-components';

/** A title the screen moves focus to (it scrolls clear of the sticky header and rings only for the keyboard). */
const FocusTitle = styled(CardTitle)`
  scroll-margin-top: calc(${theme.layout.header} + 1rem);
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 2px;
  }
`;

export interface SectionCardProps {
  /** The id of the section's h2, which names the section (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  /** The muted line under the title; left out when undefined. */
  description?: ReactNode;
  /** Inline style of the content area (a grid with a gap, …). */
  contentStyle?: CSSProperties;
  /** Given, the title can take focus (tabIndex -1): the screen brings the section on screen with it. */
  titleRef?: Ref<HTMLHeadingElement>;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}

/**
 * One titled card of a detail or form screen: a <section> named by its h2 title, an optional
 * description under it, and the content. The forms' FormSection and the detail screens' sections
 * (items, history, purchase orders, revisions…) are drawn with it.
 */
export function SectionCard(props: SectionCardProps) {
  const { titleId, title, description, contentStyle, titleRef, ref, children } = props;
  const Title = titleRef ? FocusTitle : CardTitle;
  return (
    <Card as="section" ref={ref} aria-labelledby={titleId}>
      <CardHeader>
        <Title id={titleId} as="h2" ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title}
        </Title>
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent style={contentStyle}>{children}</CardContent>
    </Card>
  );
}

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  & + & {
    margin-top: 0.75rem;
  }
  & > strong {
    display: block;
    font-size: 0.8125rem;
    color: ${theme.color.mutedForeground};
    font-weight: 500;
  }
`;

export interface TextsCardProps {
  /** Names the section (it has no title of its own). */
  label: string;
  /** The texts, each under its muted label; an empty one is left out. */
  texts: readonly { label: string; text: string | null | undefined }[];
}

/** A record's free texts (description, notes) in a card, kept as typed (line breaks, long words wrapped). */
export function TextsCard({ label, texts }: TextsCardProps) {
  return (
    <Card as="section" aria-label={label}>
      <CardContent style={{ paddingTop: '1.25rem' }}>
        {texts.map(
          (t) =>
            t.text && (
              <Text key={t.label}>
                <strong>{t.label}</strong>
                {t.text}
              </Text>
            ),
        )}
      </CardContent>
    </Card>
  );
}
