/**
 * How the BOQ screens write a BOQ's facts: its number and revision, its status badge's look (SPEC §4),
 * quantities and balances, and a project as the project filter offers it.
 */
import { BOQ_STATUS_LABELS, type Actor, type BoqStatus } from '@erp/contracts';

const quantity = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** 1,250.5 (Indian grouping, at most two decimals: quantities are integer hundredths inside). */
export function formatQty(value: number): string {
  return quantity.format(Object.is(value, -0) ? 0 : value);
}

/** 'Rev 2' for a revision after the first; '' for the first. */
export function revisionLabel(revision: number): string {
  return revision > 1 ? `Rev ${revision}` : '';
}

/** 'BOQ-0001' or 'BOQ-0001 · Rev 2'. */
export function boqNumberLabel({ boqId, revision }: { boqId: string; revision: number }): string {
  const rev = revisionLabel(revision);
  return rev ? `${boqId} · ${rev}` : boqId;
}

/** SPEC §4: the default style for confirmed, secondary otherwise. */
export function boqStatusVariant(status: BoqStatus | string): 'default' | 'secondary' {
  return status === 'confirmed' ? 'default' : 'secondary';
}

export function boqStatusLabel(status: BoqStatus | string): string {
  return (BOQ_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** A balance below zero: more was received than planned (shown in the warning colour). */
export const isOverConsumed = (balance: number): boolean => balance < 0;

/** 'PRJ-0001 - Skyline Residency, Pune' (SPEC §5: the project filter's options show code and name). */
export function projectOptionLabel({ projectCode, name }: { projectCode?: string; name: string }): string {
  return projectCode ? `${projectCode} - ${name}` : name;
}

/** Who created it, or '—' when the member is not known (an import, a removed member). */
export function actorName(actor: Actor | undefined): string {
  return actor?.name || '—';
}
