import { describe, expect, it } from 'vitest';
import { BOQ_MESSAGES } from '@erp/contracts';
import {
  assertDeletable,
  assertEditableDraft,
  assertMayMoveProject,
  assertRevisable,
  BOQ_STALE,
  openDraft,
  REVISION_PROJECT,
  supersededBy,
} from './boq-revisions.js';

const draft = { status: 'draft' as const, version: 2, revision: 1 };
const confirmed = { status: 'confirmed' as const, version: 4, revision: 2 };

describe('BOQ revision rules', () => {
  it('edits only a draft, at the version it was loaded at', () => {
    expect(() => assertEditableDraft(draft, 2)).not.toThrow();
    expect(() => assertEditableDraft(draft, undefined)).not.toThrow();
    expect(() => assertEditableDraft(draft, 1)).toThrow(BOQ_STALE);
    expect(() => assertEditableDraft(confirmed, 4)).toThrow(BOQ_MESSAGES.notDraft);
  });

  it('deletes only a draft and revises only a confirmed revision (409)', () => {
    expect(() => assertDeletable(draft)).not.toThrow();
    expect(() => assertDeletable(confirmed)).toThrow(expect.objectContaining({ statusCode: 409 }));
    expect(() => assertRevisable(confirmed)).not.toThrow();
    expect(() => assertRevisable(draft)).toThrow(BOQ_MESSAGES.reviseNotConfirmed);
  });

  it('moves only a first revision to another project (400)', () => {
    expect(() => assertMayMoveProject(draft)).not.toThrow();
    expect(() => assertMayMoveProject({ ...draft, revision: 3 })).toThrow(REVISION_PROJECT);
  });

  it('finds the confirmed revision a confirmation supersedes, and the open draft', () => {
    const revisions = [
      { _id: 'r3', status: 'draft' as const },
      { _id: 'r2', status: 'confirmed' as const },
      { _id: 'r1', status: 'superseded' as const },
    ];
    expect(supersededBy(revisions, 'r3')?._id).toBe('r2');
    expect(supersededBy(revisions, 'r2')).toBeUndefined();
    expect(openDraft(revisions)?._id).toBe('r3');
    expect(openDraft(revisions.slice(1))).toBeUndefined();
  });
});
