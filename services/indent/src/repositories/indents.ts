/**
 * The indent tables: an indent's head, lines, history, fleet costs and generated POs, read as the
 * contract's Indent and IndentSummary. Every write goes through here inside the route's transaction.
 * `indentRepository(schema)` gathers the module's query functions bound to the service's schema.
 */
import { randomUUID } from 'node:crypto';
import { saveFleet, fleet } from './fleet.js';
import { detail } from './indent-detail.js';
import {
  counts,
  history,
  insert,
  markApproved,
  markSentBack,
  markSentForApproval,
  nextNumber,
  refreshSearch,
  stored,
  touch,
  updateHead,
} from './indent-head.js';
import { lineOut, lines, replaceLines } from './indent-lines.js';
import { listJson } from './indent-list.js';
import { refreshOverBoq, refreshOverBoqForConsumption } from './over-boq.js';
import { lockPrices } from './selections.js';
import { items, projectKnown, projectLocation, usableBoq } from './snapshots.js';

export { KEYWORD_COUNT_CAP } from './indent-list.js';
export type { Actor, HeadInput, LineInput, ListQuery, StoredIndent, StoredLine } from './types.js';

export function indentRepository(schema: string) {
  return {
    lines: lines.bind(null, schema),
    lineOut,
    stored: stored.bind(null, schema),
    detail: detail.bind(null, schema),
    listJson: listJson.bind(null, schema),
    nextNumber: nextNumber.bind(null, schema),
    insert: insert.bind(null, schema),
    updateHead: updateHead.bind(null, schema),
    replaceLines: replaceLines.bind(null, schema),
    touch: touch.bind(null, schema),
    markSentForApproval: markSentForApproval.bind(null, schema),
    markSentBack: markSentBack.bind(null, schema),
    markApproved: markApproved.bind(null, schema),
    lockPrices: lockPrices.bind(null, schema),
    refreshOverBoqForConsumption: refreshOverBoqForConsumption.bind(null, schema),
    refreshOverBoq: refreshOverBoq.bind(null, schema),
    refreshSearch: refreshSearch.bind(null, schema),
    history: history.bind(null, schema),
    items: items.bind(null, schema),
    usableBoq: usableBoq.bind(null, schema),
    projectKnown: projectKnown.bind(null, schema),
    projectLocation: projectLocation.bind(null, schema),
    fleet: fleet.bind(null, schema),
    saveFleet: saveFleet.bind(null, schema),
    counts: counts.bind(null, schema),
  };
}

export type IndentRepository = ReturnType<typeof indentRepository>;
export const newId = (): string => randomUUID();
