/**
 * The shapes the indent tables are read into and written from (the contract's Indent and
 * IndentSummary are built from them): an indent's head, its lines with their BOQ balance, and the
 * form's input as checked.
 */
import type { IndentStatus } from '@erp/contracts';

export interface Actor {
  id: string | null;
  name: string;
}

export interface StoredIndent {
  id: string;
  indentNumber: string;
  title: string;
  status: IndentStatus;
  projectId: string;
  boqId: string;
  createdBy: string | null;
  version: number;
}

export interface StoredLine {
  id: string;
  position: number;
  itemId: string;
  itemName: string;
  unit: string;
  quantity: number;
  remark: string;
  selectedVendor: string | null;
  vendorName: string | null;
  reason: string;
  approverReason: string;
  pricePaise: number | null;
  gstPaise: number | null;
  /** planned − consumed of the BOQ line for the item; null without one. */
  balance: number | null;
  planned: number | null;
}

export interface LineInput {
  itemId: string;
  itemName: string;
  unit: string;
  quantity: number;
  remark: string;
}

export interface HeadInput {
  title: string;
  projectId: string;
  boqId: string;
  location: string;
  neededBy: string | null;
  notes: string;
}

export interface ListQuery {
  keyword: string;
  status: IndentStatus | null;
  projectId: string | null;
  /** Employee scope: only these projects (null = all). */
  only: string[] | null;
  sort: 'createdAt' | 'updatedAt';
  limit: number;
  offset: number;
  cap: number;
}
