/**
 * What the remotes' list tables put in their cells and action columns: muted, figure and code text,
 * a name with its code under it, a link in a cell, and a row's action (Open, Edit, View...).
 */
import { Button, Icon, Link, LinkButton, theme, type ButtonVariant, type IconName } from '@erp/ui';
import styled from 'styled-components';

/** Secondary text on one line (a date, "—", "None"). */
export const MutedText = styled.span`
  color: ${theme.color.mutedForeground};
  white-space: nowrap;
`;

/** Money and counts: figures of one width, on one line. */
export const Figure = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** Text that keeps to one line (a date). */
export const Nowrap = styled.span`
  white-space: nowrap;
`;

/** A row's name. */
export const RowName = styled.span`
  font-weight: 500;
`;

/** A figure that matters most in its row (a balance). */
export const Strong = styled.span`
  font-weight: 600;
`;

/** A code ("VEN-0001") in the monospace font. */
export const CodeText = styled.span`
  font-family: ${theme.font.mono};
  font-size: 0.8125rem;
  white-space: nowrap;
`;

/** A name and, under it in a `<small>`, its code or id. */
export const NameWithCode = styled.span`
  display: grid;
  font-weight: 500;
  & > small {
    font-weight: 400;
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
`;

/** A cell of two lines: a `<strong>` (a number) or a `<span>`, and a muted `<small>` under it. */
export const TwoLines = styled.span`
  display: grid;
  gap: 0.125rem;
  min-width: 0;
  & > strong {
    font-weight: 600;
    white-space: nowrap;
  }
  & > small {
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
    overflow-wrap: anywhere;
  }
`;

/** A link in a cell (to a project, a PO): underlined, in the primary colour. */
export const CellLink = styled(Link)`
  color: ${theme.color.primary};
  text-decoration: underline;
  text-underline-offset: 2px;
`;

interface RowActionLook {
  /** Where it goes; without, a button that calls `onClick`. */
  to?: string;
  onClick?: () => void;
  icon: IconName;
  /** The word on it ("Open"), and its tooltip when it shows the icon alone. */
  label: string;
  /** The icon alone (the desktop rows of a wide table), the word as its tooltip. */
  iconOnly?: boolean;
  /** The icon after the word ("Open ›") instead of before it. */
  iconAfter?: boolean;
  /** Outline unless the row's main step ('default', e.g. Receive). */
  variant?: ButtonVariant;
}

/**
 * What a screen reader hears: the word and what the row is called (`name` "Cement": "Open Cement"),
 * or an `aria-label` of its own ("History of PO-0001").
 */
export type RowActionProps = RowActionLook &
  ({ name: string; 'aria-label'?: undefined } | { name?: undefined; 'aria-label': string });

/** One of a row's actions: a small link (or button) with an icon and a word. */
export function RowAction({
  to,
  onClick,
  icon,
  label,
  name,
  iconOnly,
  iconAfter,
  variant = 'outline',
  ...aria
}: RowActionProps) {
  const look = {
    variant,
    size: iconOnly ? ('icon' as const) : ('sm' as const),
    'aria-label': aria['aria-label'] ?? `${label} ${name}`,
    title: iconOnly ? label : undefined,
  };
  const content = iconAfter ? (
    <>
      {label}
      <Icon name={icon} />
    </>
  ) : (
    <>
      <Icon name={icon} />
      {!iconOnly && label}
    </>
  );
  return to === undefined ? (
    <Button {...look} onClick={onClick}>
      {content}
    </Button>
  ) : (
    <LinkButton to={to} {...look}>
      {content}
    </LinkButton>
  );
}

/** One of a row's actions in `RowActions`: where it goes (or what it does), its icon and its word. */
export type RowActionSpec = Pick<RowActionLook, 'to' | 'onClick' | 'icon' | 'label'>;

export interface RowActionsProps {
  /** What the row is called ("Cement"): a screen reader hears each word and it ("Edit Cement"). */
  name: string;
  /** The icons alone (the desktop rows of a wide table), each word as its tooltip. */
  iconOnly?: boolean;
  /** The actions in order; false (or null) for one the member may not take. */
  actions: readonly (RowActionSpec | false | null | undefined)[];
}

/** A row's actions, side by side (in a card's footer on phones). */
export function RowActions({ name, iconOnly, actions }: RowActionsProps) {
  return (
    <>
      {actions.map(
        (action) => action && <RowAction key={action.label} {...action} name={name} iconOnly={iconOnly} />,
      )}
    </>
  );
}
