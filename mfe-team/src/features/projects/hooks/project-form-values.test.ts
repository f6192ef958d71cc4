import { describe, expect, it } from 'vitest';
import { START_AFTER_TARGET } from '@erp/contracts';
import {
  emptyProjectValues,
  projectConflict,
  projectContract,
  projectRules,
  projectToValues,
  valuesToBody,
} from './project-form-values';

const EMPLOYEE = {
  _id: '3f0c5e9a-6b1d-4c2e-9f7a-2b8d4e6f1a3c',
  name: 'Sandeep Patil',
  email: 'sandeep@demo.example',
  status: 'active',
};
const valid = {
  ...emptyProjectValues('PRJ-0003'),
  name: 'Skyline Residency, Pune',
  startDate: '2026-12-01',
  targetCompletionDate: '2027-06-30',
};

describe('the project form against the projects service contract', () => {
  it('sends the trimmed fields and the assigned Employees as ids', () => {
    expect(
      valuesToBody({ ...valid, name: '  Skyline  ', location: ' Pune ', employees: [EMPLOYEE] }),
    ).toEqual({
      name: 'Skyline',
      projectCode: 'PRJ-0003',
      location: 'Pune',
      startDate: '2026-12-01',
      targetCompletionDate: '2027-06-30',
      status: 'planning',
      notes: '',
      employees: [EMPLOYEE._id],
    });
  });

  it("says the spec's words, the first problem in the order of the fields", () => {
    expect(projectContract.create.problems(valid)).toEqual([]);
    expect(
      projectContract.create.problems({ ...valid, name: '  ', projectCode: '' }).map((p) => p.message),
    ).toEqual(['Project name is required', 'Project code is required']);
    expect(projectContract.update.problems({ ...valid, startDate: '2027-07-01' })).toEqual([
      { field: 'startDate', message: START_AFTER_TARGET },
    ]);
    expect(
      projectContract.create.problems({ ...valid, startDate: '', targetCompletionDate: '2027-01-01' }),
    ).toEqual([]);
    expect(projectContract.create.problems({ ...valid, projectCode: 'PRJ 1' })[0]?.field).toBe('projectCode');
  });

  it('reads a project back into the form and marks the code when it is taken', () => {
    const values = projectToValues({
      _id: 'p1',
      projectCode: 'PRJ-0001',
      name: 'Skyline Residency, Pune',
      location: 'Baner, Pune',
      startDate: '2026-01-05',
      targetCompletionDate: '',
      status: 'inProgress',
      notes: '',
      employees: [EMPLOYEE],
      boqCount: 0,
      createdAt: '',
      updatedAt: '',
      createdBy: { _id: 'a', name: 'Demo Admin' },
      version: 1,
    });
    expect(values).toMatchObject({ projectCode: 'PRJ-0001', status: 'inProgress', employees: [EMPLOYEE] });
    expect(projectConflict('A project with this code already exists')?.field).toBe('projectCode');
    expect(projectConflict('This project was changed by someone else')).toBeUndefined();
  });
});

const datesOf = (startDate: string, targetCompletionDate: string) => ({
  ...emptyProjectValues('PRJ-0001'),
  name: 'Tower A',
  startDate,
  targetCompletionDate,
});

describe('the project form dates', () => {
  it('asks for dd-mm-yyyy when what was typed is not a date yet', () => {
    expect(projectRules(datesOf('31-02-2026', ''))).toEqual([
      { field: 'startDate', message: 'Enter the start date as dd-mm-yyyy' },
    ]);
    expect(projectRules(datesOf('', '01-12-20'))).toEqual([
      { field: 'targetCompletionDate', message: 'Enter the target completion date as dd-mm-yyyy' },
    ]);
  });

  it('still refuses a start after the target once both are dates', () => {
    expect(projectRules(datesOf('2027-01-01', '2026-12-01'))).toEqual([
      { field: 'startDate', message: START_AFTER_TARGET },
    ]);
    expect(projectRules(datesOf('2026-12-01', '2027-01-01'))).toEqual([]);
  });
});
