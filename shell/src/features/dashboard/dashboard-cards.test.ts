import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { can, defaultModulesForRole, type Role } from '@erp/contracts';
import {
  dashboardCards,
  quickActions,
  readDescriptor,
  visibleCards,
  type DeployedModule,
} from '../../modules';
import { statText } from './components/stat-card';

/** Every remote's module.json as this repository declares it. */
const modules: DeployedModule[] = ['mfe-team', 'mfe-catalog', 'mfe-vendors', 'mfe-indent', 'mfe-po'].map(
  (folder) => {
    const raw = JSON.parse(
      readFileSync(new URL(`../../../../${folder}/module.json`, import.meta.url), 'utf8'),
    ) as unknown;
    return {
      name: folder,
      entry: `/mfe/${folder}/mf-manifest.json`,
      descriptor: readDescriptor(raw, folder)!,
    };
  },
);

const member = (role: Role) => ({
  role,
  permissions: { allProjects: role !== 'Employee', projects: [], modules: defaultModulesForRole(role) },
});
const cardsOf = (role: Role) => visibleCards(dashboardCards(modules), member(role)).map((c) => c.label);
const actionsOf = (role: Role) =>
  quickActions(modules)
    .filter((a) => can(member(role), a.module, a.sub, 'read'))
    .map((a) => a.label);

const SPEC_CARDS = ['Active BoQs', 'Open POs', 'Items', 'Vendors', 'Team Members'];

describe('each role’s dashboard, from the deployed modules’ cards and its default permissions', () => {
  it('shows the Admin the spec’s five counts, the stages of indents and the payables', () => {
    expect(cardsOf('Admin')).toEqual([
      'Active BoQs',
      'Open POs',
      'Draft Indents',
      'Indents to Compare',
      'Indents to Approve',
      'Items',
      'Vendors',
      'Outstanding Payables',
      'Overbilling Cases Open',
      'Team Members',
    ]);
    expect(cardsOf('Admin')).toEqual(expect.arrayContaining(SPEC_CARDS));
  });

  it('shows the Accountant what is owed and the overbilling cases, with a quick action to Vendor Accounts', () => {
    expect(cardsOf('Accountant')).toEqual([
      'Open POs',
      'Items',
      'Vendors',
      'Outstanding Payables',
      'Overbilling Cases Open',
    ]);
    expect(actionsOf('Accountant')).toContain('Vendor Accounts');
    expect(quickActions(modules).find((a) => a.label === 'Vendor Accounts')!.to).toBe(
      '/vendors/account-ledger',
    );
  });

  it('shows the Purchaser the comparisons waiting, and the Employee their drafts and BOQs, without the vendors’ money or the team', () => {
    expect(cardsOf('Purchaser')).toEqual([
      'Active BoQs',
      'Open POs',
      'Indents to Compare',
      'Items',
      'Vendors',
      'Outstanding Payables',
      'Overbilling Cases Open',
      'Team Members',
    ]);
    expect(cardsOf('Employee')).toEqual(['Active BoQs', 'Open POs', 'Draft Indents', 'Items']);
    expect(actionsOf('Employee')).not.toContain('Vendor Accounts');
  });

  it('shows a card without a permission to everyone, and none of the permission’s cards to someone signed out', () => {
    expect(
      visibleCards([{ stat: 'x', label: 'Open to all', icon: 'file', format: 'count' }], null).map(
        (c) => c.label,
      ),
    ).toEqual(['Open to all']);
    expect(visibleCards(dashboardCards(modules), null)).toEqual([]);
  });

  it('writes a money card as rupees without decimals and a count as a number', () => {
    expect(statText(1234567.5, 'money')).toBe('₹12,34,568');
    expect(statText(1234567)).toBe('12,34,567');
    expect(statText(undefined, 'money')).toBe('₹0');
  });
});
