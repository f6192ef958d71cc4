import { BOQ_IMPORT_ALIASES, BOQ_IMPORT_COLUMNS } from '@erp/contracts';
import { theme } from '@erp/ui';
import { ImportNote, ImportProblem, SpreadsheetField } from '@erp/ui/spreadsheet-import';
import styled from 'styled-components';
import { BOQ_IMPORT_ACCEPT } from '../api/import-boq';
import type { BoqImport } from '../hooks/use-boq-import';
import { Reading } from './boq-import-status';

const Columns = styled.ul`
  margin: 0;
  padding-left: 1.1rem;
  display: grid;
  gap: 0.125rem;
  font-size: 0.8125rem;
  & b {
    font-weight: 600;
  }
  & span {
    color: ${theme.color.mutedForeground};
  }
`;

const COLUMN_NOTES: Record<(typeof BOQ_IMPORT_COLUMNS)[number], string> = {
  Item: 'the item master’s name, required',
  Unit: 'required (e.g. bags, kg, CBM)',
  Quantity: 'planned quantity above 0, two decimals at most',
  Rate: 'rupees per unit, above 0',
  Remark: 'optional',
};

const TEMPLATE = `data:text/csv;charset=utf-8,${encodeURIComponent(`${BOQ_IMPORT_COLUMNS.join(',')}\r\nCement OPC 53 Grade,bags,120,385,Tower A\r\n`)}`;

/** The columns a file may have, each with what it holds and the other names it may go by. */
function ExpectedColumns() {
  return (
    <Columns aria-label="Expected columns">
      {BOQ_IMPORT_COLUMNS.map((column) => (
        <li key={column}>
          <b>{column}</b>{' '}
          <span>
            — {COLUMN_NOTES[column]}
            {BOQ_IMPORT_ALIASES[column].length > 1
              ? ` (also: ${BOQ_IMPORT_ALIASES[column]
                  .filter((a) => a !== column.toLowerCase())
                  .slice(0, 2)
                  .join(', ')})`
              : ''}
          </span>
        </li>
      ))}
    </Columns>
  );
}

/** The dialog before a preview: the file input, the columns expected, a template, and the reading's progress. */
export function ChooseFileContent({ im }: { im: BoqImport }) {
  return (
    <>
      <SpreadsheetField
        label="Spreadsheet"
        accept={BOQ_IMPORT_ACCEPT}
        disabled={im.reading}
        onChoose={im.choose}
      />
      <div>
        <ImportNote>
          The first row names the columns (any order; other usual names such as Qty or UOM work too):
        </ImportNote>
        <ExpectedColumns />
      </div>
      <ImportNote>
        <a href={TEMPLATE} download="boq-template.csv">
          Download a template (CSV)
        </a>{' '}
        · .xlsx or .csv, up to 10 MB. Nothing is saved until you save the BOQ.
      </ImportNote>
      {im.reading && <Reading file={im.file} />}
      {im.problem && <ImportProblem role="alert">{im.problem}</ImportProblem>}
    </>
  );
}
