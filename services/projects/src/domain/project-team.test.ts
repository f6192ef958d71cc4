import { describe, expect, it } from 'vitest';
import {
  assertMayChangeTeam,
  mergeTeam,
  ONLY_ADMINS,
  ONLY_EMPLOYEES,
  requestedTeam,
  teamChanges,
  type ReplicaMember,
} from './project-team.js';

const member = (memberId: string, over: Partial<ReplicaMember> = {}): ReplicaMember => ({
  memberId,
  name: memberId.toUpperCase(),
  email: `${memberId}@x.example`,
  status: 'active',
  role: 'Employee',
  allProjects: false,
  version: 1,
  ...over,
});

describe('mergeTeam', () => {
  it('applies a pending change while the member has not moved in the replica, sorted by name', () => {
    const known = new Map([
      ['b', member('b', { name: 'Bela' })],
      ['c', member('c', { name: 'Anil', version: 5 })],
    ]);
    const team = mergeTeam(
      [member('a', { name: 'Chetan' })],
      [
        { memberId: 'b', assigned: true, version: 1 },
        { memberId: 'c', assigned: true, version: 4 },
      ],
      known,
    );
    // c moved to version 5 since the change was sent: the replica already tells the truth about c.
    expect(team.map((m) => m.name)).toEqual(['Bela', 'Chetan']);
  });

  it('drops a member whose removal auth has not applied yet', () => {
    const a = member('a');
    expect(mergeTeam([a], [{ memberId: 'a', assigned: false, version: 1 }], new Map([['a', a]]))).toEqual([]);
  });
});

describe('requestedTeam', () => {
  it('is null when the ids are the current team, whatever their case and repeats', () => {
    expect(requestedTeam([member('a'), member('b')], ['B', 'a', 'A'])).toBeNull();
    expect(requestedTeam([member('a')], ['A', 'C', 'c'])).toEqual(['a', 'c']);
    expect(requestedTeam([member('a')], [])).toEqual([]);
  });
});

describe('teamChanges', () => {
  it('refuses anyone who is not an Employee, and an inactive one not already on the project', () => {
    const known = new Map([
      ['adm', member('adm', { role: 'Admin' })],
      ['off', member('off', { status: 'inactive' })],
    ]);
    expect(() => teamChanges(['adm'], new Set(), [], known)).toThrow(ONLY_EMPLOYEES);
    expect(() => teamChanges(['off'], new Set(), [], known)).toThrow(ONLY_EMPLOYEES);
    expect(() => teamChanges(['nobody'], new Set(), [], known)).toThrow(ONLY_EMPLOYEES);
    expect(teamChanges(['off'], new Set(['off']), [], known)).toEqual([]);
  });

  it('assigns the new ones (not those with every project) and removes the ones left out', () => {
    const known = new Map([
      ['a', member('a', { version: 2 })],
      ['all', member('all', { allProjects: true })],
      ['gone', member('gone', { version: 7 })],
    ]);
    expect(teamChanges(['a', 'all'], new Set(['gone']), [], known)).toEqual([
      { memberId: 'a', assigned: true, version: 2 },
      { memberId: 'gone', assigned: false, version: 7 },
    ]);
  });

  it('keeps earlier unapplied changes unless this save overrides them or the replica moved past them', () => {
    const known = new Map([
      ['a', member('a', { version: 3 })],
      ['p', member('p', { version: 1 })],
      ['q', member('q', { version: 9 })],
    ]);
    const pending = [
      { memberId: 'a', assigned: false, version: 3 },
      { memberId: 'p', assigned: true, version: 1 },
      { memberId: 'q', assigned: true, version: 2 },
    ];
    expect(teamChanges(['a'], new Set(), pending, known)).toEqual([
      { memberId: 'p', assigned: true, version: 1 },
      { memberId: 'a', assigned: true, version: 3 },
    ]);
  });
});

describe('assertMayChangeTeam', () => {
  it('lets only an Admin change a team (403)', () => {
    expect(() => assertMayChangeTeam(true)).not.toThrow();
    expect(() => assertMayChangeTeam(false)).toThrow(
      expect.objectContaining({ statusCode: 403, message: ONLY_ADMINS }),
    );
  });
});
