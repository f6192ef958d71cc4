/**
 * The data the consumers' pacts were written against (pacts/*-projects-service.json): the demo
 * business's two sites (scripts/demo-seed/business.mjs) with the fixed ids the pacts name, and the
 * lines of the first one's civil works BOQ.
 */
import { BOQS, PROJECTS } from '../../../scripts/demo-seed/business.mjs';
import type { ProjectInput } from '../src/repositories/projects.js';

const PACT_IDS: Record<string, string> = {
  'PRJ-0001': '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e',
  'PRJ-0002': '2c9d5e1f-6a7b-4c8d-9e0f-a1b2c3d4e5f6',
};

export const PACT_PROJECTS: Array<ProjectInput & { id: string }> = PROJECTS.map(({ team: _team, ...p }) => ({
  id: PACT_IDS[p.projectCode]!,
  ...(p as ProjectInput),
}));

/** The lines of PRJ-0001's 'Civil and structural works, Tower A': item name, unit, quantity, rate (₹), remark. */
export const PACT_BOQ_LINES: Array<{
  item: string;
  unit: string;
  qty: number;
  rate: number;
  remark: string;
}> = BOQS.find((b) => b.project === 'PRJ-0001')!.lines;
