import { describe, expect, it } from 'vitest';
import { dashboardCards, navGroups, quickActions, readDescriptor, type DeployedModule } from './modules';

const deployed = (name: string, raw: unknown): DeployedModule => ({
  name,
  entry: `/mfe/${name}/mf-manifest.json`,
  descriptor: readDescriptor(raw, name)!,
});

const team = deployed('mfe_team', {
  version: '1.0.0',
  routes: ['/team'],
  navGroups: [{ id: 'team', label: 'Team and Project', shortLabel: 'Team', icon: 'users', order: 50 }],
  nav: [
    { group: 'team', label: 'Add Member', path: '/team/edit', module: 'team', sub: 'addMember', order: 20 },
    { group: 'team', label: 'Team List', path: '/team/list', module: 'team', sub: 'teamList', order: 10 },
  ],
  dashboard: {
    cards: [{ stat: 'totalTeam', label: 'Team Members', icon: 'users', order: 50 }],
    quickActions: [],
  },
});
// A later module adding BOQ entries to the team group, and a group of its own that sorts first.
const projects = deployed('mfe_projects', {
  version: '1.0.0',
  routes: ['/boq', '/team/projects'],
  navGroups: [
    {
      id: 'team',
      label: 'Ignored: the first declaration names the group',
      shortLabel: 'x',
      icon: 'users',
      order: 1,
    },
    { id: 'indent', label: 'Indent', shortLabel: 'Indent', icon: 'clipboard', order: 10 },
  ],
  nav: [
    { group: 'team', label: 'BOQ List', path: '/boq/list', module: 'team', sub: 'boqList', order: 50 },
    { group: 'indent', label: 'Indent List', path: '/indent/list', module: 'indent', sub: 'list', order: 10 },
  ],
  dashboard: {
    cards: [{ stat: 'activeBoq', label: 'Active BoQs', icon: 'file', order: 10 }],
    quickActions: [
      {
        label: 'Create New BoQ',
        path: '/boq/create',
        icon: 'plus',
        module: 'team',
        sub: 'addBoq',
        order: 10,
      },
    ],
  },
});

describe('navigation from the deployed modules', () => {
  it('orders groups and items by their order; a group takes the items any module adds to it', () => {
    const groups = navGroups([team, projects]);
    expect(groups.map((g) => [g.id, g.label, g.items.map((i) => i.label)])).toEqual([
      ['indent', 'Indent', ['Indent List']],
      ['team', 'Team and Project', ['Team List', 'Add Member', 'BOQ List']],
    ]);
  });

  it('without a module, its groups, items, cards and quick actions are gone', () => {
    expect(navGroups([team]).map((g) => g.id)).toEqual(['team']);
    expect(navGroups([team])[0]!.items.map((i) => i.to)).toEqual(['/team/list', '/team/edit']);
    expect(dashboardCards([team]).map((c) => c.label)).toEqual(['Team Members']);
    expect(quickActions([team])).toEqual([]);
    expect(dashboardCards([team, projects]).map((c) => c.label)).toEqual(['Active BoQs', 'Team Members']);
    expect(quickActions([team, projects]).map((a) => a.to)).toEqual(['/boq/create']);
  });
});

describe('a descriptor from a remote served elsewhere', () => {
  it('drops malformed entries and draws unknown icons as a plain one', () => {
    const d = readDescriptor(
      {
        routes: ['/po', 'po', '//evil.example.com', 42],
        navGroups: [{ id: 'po', label: 'Purchase Orders', icon: 'rocket', order: 20 }, { label: 'no id' }],
        nav: [
          { group: 'po', label: 'PO List', path: '/po/list', module: 'po', sub: 'list' },
          { group: 'po', label: 'Off site', path: 'https://evil.example.com', module: 'po', sub: 'list' },
          { group: 'po', label: 'Unknown module', path: '/po/x', module: 'payroll', sub: 'list' },
        ],
        dashboard: { cards: [{ stat: 'activePo', label: 'Open POs', icon: 7 }], quickActions: 'nope' },
      },
      'mfe_po',
    );
    expect(d).toEqual({
      name: 'mfe_po',
      version: '0.0.0',
      routes: ['/po'],
      navGroups: [
        { id: 'po', label: 'Purchase Orders', shortLabel: 'Purchase Orders', icon: 'file', order: 20 },
      ],
      nav: [{ group: 'po', label: 'PO List', path: '/po/list', module: 'po', sub: 'list', order: 10_000 }],
      dashboard: {
        cards: [{ stat: 'activePo', label: 'Open POs', icon: 'file', order: 10_000 }],
        quickActions: [],
      },
    });
  });

  it('is refused without a route of its own', () => {
    expect(readDescriptor({ routes: [] }, 'mfe_x')).toBeNull();
    expect(readDescriptor('not json', 'mfe_x')).toBeNull();
    expect(readDescriptor(null, 'mfe_x')).toBeNull();
  });
});
