/**
 * The modules deployed right now, as /config/remotes.json describes them (each remote's module.json,
 * see @erp/contracts ModuleDescriptor): which remote owns which URL (ARCHITECTURE §8), the
 * navigation, the dashboard's cards and quick actions. Nothing here names a module: a remote left
 * out of the configuration has no menu entries and its paths fall through to the not-found page.
 */
import {
  can,
  matchesRoutes,
  MODULE_KEYS,
  type MemberAccess,
  type ModuleDescriptor,
  type ModuleKey,
} from '@erp/contracts';
import { isIconName, type IconName } from '@erp/ui';
import type { NavGroup } from './nav-config';

export interface DeployedModule {
  /** The remote's federation name (its single-spa application name too). */
  name: string;
  /** Its mf-manifest.json. */
  entry: string;
  descriptor: ModuleDescriptor;
  /** Why it must not run (a pinned version that is not the one served): its paths show this in the error panel. */
  problem?: string;
  /** Its remoteEntry.js, first scripts and shared libraries' chunks, from remotes.json (a remote this gateway serves). */
  preload?: { entry: string; scripts: string[]; shared: Record<string, string[]> };
}

let deployed: readonly DeployedModule[] = [];

export function setDeployedModules(modules: readonly DeployedModule[]): void {
  deployed = modules;
}

export function deployedModules(): readonly DeployedModule[] {
  return deployed;
}

export function isRemotePresent(name: string): boolean {
  return deployed.some((m) => m.name === name);
}

/** The deployed remote that serves this path, if any. */
export function remoteForPath(pathname: string): string | null {
  return deployed.find((m) => matchesRoutes(m.descriptor.routes, pathname))?.name ?? null;
}

const icon = (name: unknown, fallback: IconName): IconName =>
  typeof name === 'string' && isIconName(name) ? name : fallback;
const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isPath = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/') && !v.startsWith('//');
const order = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 10_000);
const isModuleKey = (v: unknown): v is ModuleKey => (MODULE_KEYS as unknown[]).includes(v);
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];

/**
 * A descriptor as the shell uses it, from JSON it cannot trust (a remote served from elsewhere):
 * malformed entries are dropped, unknown icons drawn as a plain one; null without any route.
 */
export function readDescriptor(raw: unknown, name: string): ModuleDescriptor | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const routes = Array.isArray(r.routes) ? r.routes.filter(isPath) : [];
  if (routes.length === 0) return null;
  const dashboard = (typeof r.dashboard === 'object' && r.dashboard !== null ? r.dashboard : {}) as Record<
    string,
    unknown
  >;
  return {
    name,
    version: text(r.version) ? r.version : '0.0.0',
    routes,
    navGroups: list(r.navGroups)
      .filter((g) => text(g.id) && text(g.label))
      .map((g) => ({
        id: g.id as string,
        label: g.label as string,
        shortLabel: text(g.shortLabel) ? g.shortLabel : (g.label as string),
        icon: icon(g.icon, 'file'),
        order: order(g.order),
      })),
    nav: list(r.nav)
      .filter((n) => text(n.group) && text(n.label) && isPath(n.path) && isModuleKey(n.module) && text(n.sub))
      .map((n) => ({
        group: n.group as string,
        label: n.label as string,
        path: n.path as string,
        module: n.module as ModuleKey,
        sub: n.sub as string,
        order: order(n.order),
      })),
    dashboard: {
      cards: list(dashboard.cards)
        .filter((c) => text(c.stat) && text(c.label))
        // A permission that is not whole (an unknown module, or no sub-module) is dropped: the card shows to everyone, as before it had one.
        .map((c) => ({
          stat: c.stat as string,
          label: c.label as string,
          icon: icon(c.icon, 'file'),
          order: order(c.order),
          ...(isModuleKey(c.module) && text(c.sub) ? { module: c.module, sub: c.sub } : {}),
          ...(c.format === 'money' ? { format: 'money' as const } : {}),
        })),
      quickActions: list(dashboard.quickActions)
        .filter((a) => text(a.label) && isPath(a.path) && isModuleKey(a.module) && text(a.sub))
        .map((a) => ({
          label: a.label as string,
          path: a.path as string,
          icon: icon(a.icon, 'arrowRight'),
          module: a.module as ModuleKey,
          sub: a.sub as string,
          order: order(a.order),
        })),
    },
  };
}

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/**
 * The sidebar's groups from every deployed module: a group is named by the first module that
 * declares it, and holds the items any module adds to it, each group and item in `order`.
 */
export function navGroups(modules: readonly DeployedModule[] = deployed): NavGroup[] {
  const groups = new Map<string, NavGroup & { order: number; itemOrder: Map<string, number> }>();
  for (const m of modules) {
    for (const g of m.descriptor.navGroups) {
      if (!groups.has(g.id))
        groups.set(g.id, {
          id: g.id,
          label: g.label,
          shortLabel: g.shortLabel,
          icon: icon(g.icon, 'file'),
          remote: m.name,
          order: g.order,
          items: [],
          itemOrder: new Map(),
        });
    }
  }
  for (const m of modules) {
    for (const item of m.descriptor.nav) {
      const group = groups.get(item.group);
      if (!group || group.items.some((i) => i.to === item.path)) continue;
      group.items.push({ label: item.label, to: item.path, module: item.module as ModuleKey, sub: item.sub });
      group.itemOrder.set(item.path, item.order);
    }
  }
  return [...groups.values()]
    .filter((g) => g.items.length > 0)
    .sort(byOrder)
    .map(({ order: _order, itemOrder, ...g }) => ({
      ...g,
      items: g.items.sort((a, b) => itemOrder.get(a.to)! - itemOrder.get(b.to)!),
    }));
}

export interface DashboardCard {
  stat: string;
  label: string;
  icon: IconName;
  /** Shown only to members who can read this sub-module (none: to everyone). */
  module?: ModuleKey;
  sub?: string;
  /** 'money': rupees, without decimals; otherwise a count. */
  format: 'count' | 'money';
}

export function dashboardCards(modules: readonly DeployedModule[] = deployed): DashboardCard[] {
  return modules
    .flatMap((m) => m.descriptor.dashboard.cards)
    .sort(byOrder)
    .map((c) => ({
      stat: c.stat,
      label: c.label,
      icon: icon(c.icon, 'file'),
      ...(c.module && c.sub ? { module: c.module, sub: c.sub } : {}),
      format: c.format === 'money' ? ('money' as const) : ('count' as const),
    }));
}

/** The cards this member sees: those without a permission, and those of sub-modules they can read. */
export function visibleCards(
  cards: readonly DashboardCard[],
  user: Pick<MemberAccess, 'role' | 'permissions'> | null,
): DashboardCard[] {
  return cards.filter((c) => !c.module || (user !== null && can(user, c.module, c.sub ?? null, 'read')));
}

export interface QuickAction {
  label: string;
  to: string;
  icon: IconName;
  module: ModuleKey;
  sub: string;
}

export function quickActions(modules: readonly DeployedModule[] = deployed): QuickAction[] {
  return modules
    .flatMap((m) => m.descriptor.dashboard.quickActions)
    .sort(byOrder)
    .map((a) => ({
      label: a.label,
      to: a.path,
      icon: icon(a.icon, 'arrowRight'),
      module: a.module as ModuleKey,
      sub: a.sub,
    }));
}
