import { theme } from '@erp/ui';
import { createContext, useContext, type Context } from 'react';
import styled, { css, type RuleSet } from 'styled-components';
import { DataTable, type DataTableProps } from './data-table';

/** A line's item: its name (<strong>, wrapping anywhere) over an optional muted <small> detail. */
export const LineItemName = styled.span`
  display: grid;
  gap: 0.125rem;
  min-width: 0;
  & > strong {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  & > small {
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
`;

/** What stands where a document's lines go while it has none ("No items yet…"). */
export const NoLines = styled.p`
  padding: 2rem 1rem;
  text-align: center;
  color: ${theme.color.mutedForeground};
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.md};
`;

/** The fields' own labels, read by screen readers: the column headers (or the card's terms) show them. */
const hiddenLabels = css`
  & label {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

const Frame = styled.div<{ $hideLabels: boolean; $termWidth: string; $layout?: RuleSet<object> }>`
  ${(p) => p.$hideLabels && hiddenLabels}
  & td {
    vertical-align: top;
    padding: 0.5rem 0.375rem;
  }
  & th {
    padding: 0 0.375rem;
  }
  & td:first-child,
  & th:first-child {
    padding-left: 0.75rem;
  }
  & td:last-child,
  & th:last-child {
    padding-right: 0.75rem;
  }
  ${theme.media.mobile} {
    & dt {
      min-width: ${(p) => p.$termWidth};
    }
    & dd {
      flex: 1;
      min-width: 0;
    }
    & dd input,
    & dd select {
      text-align: left;
    }
  }
  ${(p) => p.$layout}
`;

export interface LineEditorProps<Row> extends Pick<
  DataTableProps<Row>,
  'columns' | 'rows' | 'rowKey' | 'actions' | 'caption'
> {
  /** Hide the fields' labels (the headers stand for them); default true. */
  hideLabels?: boolean;
  /** The width of a phone card's terms, so that the inputs line up. */
  termWidth: string;
  /** The editor's own widths and alignments (a styled-components css block). */
  layout?: RuleSet<object>;
}

/**
 * The lines of a document being entered (indent items, BOQ estimate lines, a receipt's quantities):
 * a DataTable of inputs, compact on desktops, cards with aligned terms on phones.
 */
export function LineEditor<Row>({ hideLabels = true, termWidth, layout, ...table }: LineEditorProps<Row>) {
  return (
    <Frame $hideLabels={hideLabels} $termWidth={termWidth} $layout={layout}>
      <DataTable {...table} />
    </Frame>
  );
}

/**
 * The context a line editor's cells read (the form, the callbacks), made once per editor. `cells`
 * names them in the error a cell rendered outside its editor throws.
 */
export function lineContext<T>(cells: string): [Context<T | null>, () => T] {
  const LineContext = createContext<T | null>(null);
  const useLineContext = () => {
    const value = useContext(LineContext);
    if (!value) throw new Error(`${cells} need their line editor's context`);
    return value;
  };
  return [LineContext, useLineContext];
}
