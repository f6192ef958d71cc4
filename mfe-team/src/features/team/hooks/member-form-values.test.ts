import { defaultModulesForRole, fullAccessModules } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { emptyMemberValues, hasCustomPermissions, sanitizeName, validateMember, valuesToBody, withRole } from './member-form-values';

const filled = { ...emptyMemberValues(), name: 'Anita Joshi', email: 'anita@example.com', phoneNumber: '9876543210' };

describe('a new Employee on the member form', () => {
  it('starts with no project chosen, not all projects', () => {
    const values = emptyMemberValues();
    expect(values.role).toBe('Employee');
    expect(values).toMatchObject({ allProjects: false, projects: [] });
    expect(valuesToBody(filled).permissions).toMatchObject({ allProjects: false, projects: [] });
  });
});

describe('changing a member’s role', () => {
  it('asks first only when there are custom permissions to lose', () => {
    expect(hasCustomPermissions(filled)).toBe(false);
    expect(hasCustomPermissions({ ...filled, modules: fullAccessModules() })).toBe(true);
    expect(hasCustomPermissions({ ...filled, projects: ['7c9e6679-7425-40de-944b-e07fc1f90ae7'] })).toBe(true);
    expect(hasCustomPermissions({ ...filled, allProjects: true })).toBe(true);
    expect(hasCustomPermissions(withRole(filled, 'Purchaser'))).toBe(false);
  });

  it('resets the permissions to the new role’s defaults when the change is confirmed', () => {
    const custom = { ...filled, modules: fullAccessModules(), projects: ['7c9e6679-7425-40de-944b-e07fc1f90ae7'] };
    const purchaser = withRole(custom, 'Purchaser');
    expect(purchaser).toMatchObject({ role: 'Purchaser', allProjects: true, projects: [], modules: defaultModulesForRole('Purchaser') });
    expect(withRole(purchaser, 'Employee')).toMatchObject({ role: 'Employee', allProjects: false, projects: [], modules: defaultModulesForRole('Employee') });
    expect(purchaser.name).toBe('Anita Joshi');
  });
});

describe('member names in any script', () => {
  it.each(['श्री गणेश पवार', 'ಶ್ರೀ ಸಾಯಿ', "Anita D'Souza", 'R. K. Patil-Deshmukh'])('keeps %s whole while typing and accepts it', (name) => {
    expect(sanitizeName(name)).toBe(name);
    expect(validateMember({ ...filled, name })).toBeNull();
  });

  it('still drops digits and symbols from a person’s name', () => {
    expect(sanitizeName('Anita2 <Joshi>')).toBe('Anita Joshi');
    expect(validateMember({ ...filled, name: '. -' })).toBe('Name can contain letters, spaces, full stops, apostrophes and hyphens only');
  });
});
