import { describe, expect, it } from 'vitest';
import { INDENT_MESSAGES } from '@erp/contracts';
import {
  changeRefusal,
  comparedMessage,
  createdMessage,
  editedMessage,
  editTransition,
  Refusal,
} from './transitions.js';

describe('changeRefusal', () => {
  it('lets each change through only from its status', () => {
    expect(changeRefusal('edit', { status: 'draft', version: 1 })).toBeNull();
    expect(changeRefusal('compare', { status: 'compare', version: 1 })).toBeNull();
    for (const change of ['approve', 'rework', 'fleet'] as const)
      expect(changeRefusal(change, { status: 'approval', version: 1 })).toBeNull();
  });

  it('refuses a change from another status with a conflict naming what is wrong', () => {
    expect(changeRefusal('edit', { status: 'approved', version: 4 })).toEqual(
      new Refusal('conflict', INDENT_MESSAGES.notDraft('Approved')),
    );
    expect(changeRefusal('compare', { status: 'draft', version: 1 })).toEqual(
      new Refusal('conflict', INDENT_MESSAGES.notInCompare),
    );
    for (const change of ['approve', 'rework', 'fleet'] as const)
      expect(changeRefusal(change, { status: 'compare', version: 2 })).toEqual(
        new Refusal('conflict', INDENT_MESSAGES.notInApproval),
      );
  });

  it('refuses a version other than the one stored, checked after the status, and none named is not checked', () => {
    expect(changeRefusal('edit', { status: 'draft', version: 3 }, 3)).toBeNull();
    expect(changeRefusal('edit', { status: 'draft', version: 3 }, 2)).toEqual(
      new Refusal('conflict', INDENT_MESSAGES.stale),
    );
    expect(changeRefusal('compare', { status: 'approval', version: 3 }, 2)?.message).toBe(
      INDENT_MESSAGES.notInCompare,
    );
    expect(changeRefusal('approve', { status: 'approval', version: 9 }, undefined)).toBeNull();
  });
});

describe('what a change records and answers', () => {
  it('records a draft sent for comparison, not a draft saved again', () => {
    expect(editTransition('draft')).toBeNull();
    expect(editTransition('compare')).toEqual({ from: 'draft', to: 'compare' });
  });

  it('answers with the message of the step taken', () => {
    expect(createdMessage('compare')).toBe(INDENT_MESSAGES.added);
    expect(createdMessage('draft')).toBe(INDENT_MESSAGES.draftSaved);
    expect(editedMessage('compare')).toBe(INDENT_MESSAGES.sentForComparison);
    expect(editedMessage('draft')).toBe(INDENT_MESSAGES.draftSaved);
    expect(comparedMessage('approval')).toBe(INDENT_MESSAGES.sentForApproval);
    expect(comparedMessage('compare')).toBe(INDENT_MESSAGES.saved);
  });
});
