import type { BoqImportPreview, BoqUnknownItem } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { useSpreadsheetFile } from '@erp/ui/spreadsheet-import';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { boqKeys } from '../../shared/api/boq-keys';
import { BOQ_IMPORT_MAX_BYTES, previewBoqImport } from '../api/import-boq';
import { createUnknownItems, type Creation } from './boq-import-creation';

const LIMITS = { maxBytes: BOQ_IMPORT_MAX_BYTES, typeMessage: 'Choose an .xlsx or .csv file' };

/** The import dialog's state and what its buttons do. */
export interface BoqImport {
  file: File | null;
  /** Why the file was refused, or the service's answer when reading it failed. */
  problem: string | null;
  choose: (file: File | null) => void;
  reading: boolean;
  preview: BoqImportPreview | null;
  creation: Creation | null;
  /** Reading the file, or creating items and reading it again until they resolve. */
  busy: boolean;
  /** Read File: sends the chosen file for a preview. */
  readFile: () => void;
  /** Read the file again (after items were created that the preview did not know yet). */
  readAgain: () => void;
  createUnknown: (unknown: BoqUnknownItem[]) => Promise<void>;
  /** Choose Another File: back to the empty dialog. */
  reset: () => void;
  close: () => void;
}

/**
 * An import's course: the file chosen, read by the service (a preview), the unknown items created and
 * the file read again. Every request is aborted when a newer one starts or the dialog goes.
 */
export function useBoqImport(onOpenChange: (open: boolean) => void): BoqImport {
  const queryClient = useQueryClient();
  const { file, problem, setProblem, choose, clear } = useSpreadsheetFile(LIMITS);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<BoqImportPreview | null>(null);
  const [creation, setCreation] = useState<Creation | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const fresh = () => {
    abort.current?.abort();
    abort.current = new AbortController();
    return abort.current.signal;
  };

  const close = () => {
    abort.current?.abort();
    onOpenChange(false);
  };

  const reset = () => {
    abort.current?.abort();
    clear();
    setReading(false);
    setPreview(null);
    setCreation(null);
  };

  const read = async (chosen: File, signal: AbortSignal): Promise<BoqImportPreview | null> => {
    setReading(true);
    setProblem(null);
    try {
      const result = await previewBoqImport(chosen, signal);
      if (!signal.aborted) setPreview(result);
      return result;
    } catch (error) {
      if (!signal.aborted) setProblem(errorMessage(error));
      return null;
    } finally {
      if (!signal.aborted) setReading(false);
    }
  };

  const createUnknown = async (unknown: BoqUnknownItem[]) => {
    if (!file) return;
    const signal = fresh();
    await createUnknownItems({
      unknown,
      signal,
      readAgain: () => read(file, signal),
      report: setCreation,
      onTried: () => {
        void queryClient.invalidateQueries({ queryKey: boqKeys('item-search') });
        void queryClient.invalidateQueries({ queryKey: ['items'] });
      },
    });
  };

  const readAgain = () => {
    if (!file) return;
    setCreation((c) => (c ? { ...c, unresolved: [] } : c));
    void read(file, fresh());
  };

  const readFile = () => {
    if (file) void read(file, fresh());
  };

  const busy = reading || (creation !== null && (creation.done < creation.total || creation.resolving));
  return {
    file,
    problem,
    choose,
    reading,
    preview,
    creation,
    busy,
    readFile,
    readAgain,
    createUnknown,
    reset,
    close,
  };
}
