/**
 * The indent list's filters as the URL keeps them (SPEC §2 "Indent list"): ?status= (the tabs),
 * ?project= (the project screens link /indent/list?project={id}), ?sort= (All, Last Updated, Created
 * Date). Anything else in the URL reads as the default.
 */
import type { IndentStatus } from '@erp/contracts';
import { parseChoice } from '@erp/ui/remote';
import type { IndentSort } from '../api/get-indent-list';

export type IndentStatusTab = 'all' | IndentStatus;

/** The tabs: all, compare, approval, approved (SPEC §2), and Draft, since drafts are indents too. */
export const STATUS_TABS: { value: IndentStatusTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'compare', label: 'Compare' },
  { value: 'approval', label: 'Approval' },
  { value: 'approved', label: 'Approved' },
];

export function parseStatusTab(value: string | null): IndentStatusTab {
  return parseChoice(value, STATUS_TABS) ?? 'all';
}

export const SORT_OPTIONS: { value: IndentSort; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'updatedAt', label: 'Last Updated' },
  { value: 'createdAt', label: 'Created Date' },
];

export function parseIndentSort(value: string | null): IndentSort {
  return parseChoice(value, SORT_OPTIONS) ?? '';
}

/** A project id as the URL may carry it (a UUID), else none. */
export function parseProjectFilter(value: string | null): string | null {
  return value && /^[0-9a-fA-F-]{36}$/.test(value) ? value : null;
}
