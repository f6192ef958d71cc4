import { describe, expect, it } from 'vitest';
import { PROJECT_CODE_RULE, START_AFTER_TARGET } from '@erp/contracts';
import { listStatus, projectInput, toProject, unchanged, type StoredProject } from './project-input.js';

const stored: StoredProject = {
  _id: '11111111-1111-4111-8111-111111111111',
  projectCode: 'PRJ-0007',
  name: 'Tower A',
  location: 'Pune',
  startDate: '2026-01-01',
  targetCompletionDate: '2026-12-31',
  status: 'inProgress',
  notes: '',
  boqCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  version: 3,
  teamSequence: 4,
  pendingTeam: [],
};

describe('projectInput', () => {
  it('trims every field, folds spaces in the name and starts a new project in planning', () => {
    expect(projectInput({ projectCode: ' PRJ-0001 ', name: '  Tower   B ', location: ' Nashik ' })).toEqual({
      projectCode: 'PRJ-0001',
      name: 'Tower B',
      location: 'Nashik',
      startDate: '',
      targetCompletionDate: '',
      status: 'planning',
      notes: '',
    });
  });

  it('takes the fields an edit leaves out from the stored project', () => {
    const input = projectInput({ name: 'Tower A2' }, stored);
    expect(input).toMatchObject({ projectCode: 'PRJ-0007', name: 'Tower A2', status: 'inProgress' });
    expect(input.targetCompletionDate).toBe('2026-12-31');
  });

  it('refuses a missing name or code, and a code outside the rule', () => {
    expect(() => projectInput({ projectCode: 'PRJ-1', name: '   ' })).toThrow('Project name is required');
    expect(() => projectInput({ projectCode: ' ', name: 'X' })).toThrow('Project code is required');
    expect(() => projectInput({ projectCode: 'PRJ 1', name: 'X' })).toThrow(PROJECT_CODE_RULE);
  });

  it('refuses a date that is not on the calendar and a start after the target (400)', () => {
    expect(() => projectInput({ projectCode: 'P1', name: 'X', startDate: '2026-02-30' })).toThrow(
      'Start date must be a date (YYYY-MM-DD)',
    );
    expect(() => projectInput({ projectCode: 'P1', name: 'X', targetCompletionDate: '2026-13-01' })).toThrow(
      'Target completion date must be a date (YYYY-MM-DD)',
    );
    let error: unknown;
    try {
      projectInput({
        projectCode: 'P1',
        name: 'X',
        startDate: '2026-05-02',
        targetCompletionDate: '2026-05-01',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({ statusCode: 400, message: START_AFTER_TARGET });
  });
});

describe('unchanged', () => {
  it('is true only when the form carries the stored fields', () => {
    expect(unchanged(stored, projectInput({}, stored))).toBe(true);
    expect(unchanged(stored, projectInput({ notes: 'gate 2' }, stored))).toBe(false);
  });
});

describe('listStatus and toProject', () => {
  it("reads 'active' as in progress and 'all' or nothing as every status", () => {
    expect(listStatus('active')).toBe('inProgress');
    expect(listStatus('onHold')).toBe('onHold');
    expect(listStatus('all')).toBeNull();
    expect(listStatus(undefined)).toBeNull();
  });

  it('answers the team as employees and leaves the team bookkeeping out', () => {
    const member = {
      memberId: 'm1',
      name: 'Asha',
      email: 'asha@x.example',
      status: 'active',
      role: 'Employee',
      allProjects: false,
      version: 1,
    };
    const project = toProject({ ...stored, team: [member] });
    expect(project.employees).toEqual([
      { _id: 'm1', name: 'Asha', email: 'asha@x.example', status: 'active' },
    ]);
    expect(project).not.toHaveProperty('teamSequence');
    expect(project).not.toHaveProperty('pendingTeam');
  });
});
