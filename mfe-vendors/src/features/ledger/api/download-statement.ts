import type { StatementQuery } from '@erp/contracts';
import { api, call, saveFile } from '@erp/sdk';
import { useMutation } from '@tanstack/react-query';

export interface StatementInput extends StatementQuery {
  vendorId: string;
  /** Names the file when the server suggests none (VEN-0001). */
  vendorCode: string;
}

/** The file name when the server sends none: Statement-VEN-0001-2026-04-01-to-2026-11-24.pdf */
export const statementFileName = ({
  vendorCode,
  from,
  to,
  format,
}: Pick<StatementInput, 'vendorCode' | 'from' | 'to' | 'format'>): string =>
  `Statement-${vendorCode || 'vendor'}-${from}-to-${to}.${format}`;

/** GET /vendorTransaction/{vendorId}/statement: the statement of account for the dates, as PDF or Excel; the browser saves it. */
export async function downloadStatement(input: StatementInput): Promise<void> {
  const { vendorId, from, to, format } = input;
  const file = await call(api, 'ledger.statement', {
    params: { id: vendorId },
    query: { from, to, format },
    fallbackName: statementFileName(input),
  });
  saveFile(file);
}

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });
