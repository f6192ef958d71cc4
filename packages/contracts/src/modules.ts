/**
 * What a deployed module tells the shell about itself (docs/adding-a-module.md). Each remote keeps
 * one `module.json` at its root, copied into its build; the gateway reads the deployed ones and
 * serves them inside /config/remotes.json, so the shell builds its navigation, URL ownership and
 * dashboard from what is deployed, and no module path is written in the shell.
 */
import { Type, type Static } from 'typebox';
import { MODULE_KEYS, type ModuleKey } from './permissions.js';

const Path = Type.String({
  pattern: '^/[a-z0-9][a-z0-9/_-]*$',
  maxLength: 200,
  description: 'An absolute path of the app, e.g. /vendors/list',
});
const Label = Type.String({ minLength: 1, maxLength: 60 });
const Icon = Type.String({
  pattern: '^[a-zA-Z][a-zA-Z0-9]*$',
  maxLength: 40,
  description: 'An icon of @erp/ui; an unknown one is drawn as a plain dot',
});
const Order = Type.Integer({
  minimum: 0,
  maximum: 10_000,
  description: 'Lower comes first, across every deployed module',
});
const ModuleKey = Type.Unsafe<ModuleKey>(Type.Union(MODULE_KEYS.map((k) => Type.Literal(k))));
/** The sub-module a member must be able to read to see the entry (SPEC §6). */
const Permission = { module: ModuleKey, sub: Type.String({ minLength: 1, maxLength: 60 }) };

/** A group of the sidebar (and of the phone's bottom bar). Several modules may add items to one group; the first declaration of its id names it. */
export const ModuleNavGroup = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-zA-Z0-9]*$', maxLength: 40 }),
    label: Label,
    shortLabel: Label,
    icon: Icon,
    order: Order,
  },
  { additionalProperties: false },
);
export type ModuleNavGroup = Static<typeof ModuleNavGroup>;

export const ModuleNavItem = Type.Object(
  {
    group: Type.String({ maxLength: 40 }),
    label: Label,
    path: Path,
    icon: Type.Optional(Icon),
    order: Order,
    ...Permission,
  },
  { additionalProperties: false },
);
export type ModuleNavItem = Static<typeof ModuleNavItem>;

/**
 * A count on the dashboard: `stat` is a key of GET /api/v1/dashboard's answer. With `module` and
 * `sub`, only members who can read that sub-module see it (as quick actions); `format: "money"`
 * shows the value as rupees (₹, no decimals) instead of a count.
 */
export const ModuleDashboardCard = Type.Object(
  {
    stat: Type.String({ maxLength: 40 }),
    label: Label,
    icon: Icon,
    order: Order,
    module: Type.Optional(ModuleKey),
    sub: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    format: Type.Optional(Type.Union([Type.Literal('count'), Type.Literal('money')])),
  },
  { additionalProperties: false },
);
export type ModuleDashboardCard = Static<typeof ModuleDashboardCard>;

export const ModuleQuickAction = Type.Object(
  { label: Label, path: Path, icon: Icon, order: Order, ...Permission },
  { additionalProperties: false },
);
export type ModuleQuickAction = Static<typeof ModuleQuickAction>;

export const ModuleDescriptor = Type.Object(
  {
    /** The remote's federation name, e.g. mfe_vendors. */
    name: Type.String({ pattern: '^mfe_[a-z][a-z0-9_]*$', maxLength: 60 }),
    /** The remote's version (its package.json's), shown when it fails and used to pin it. */
    version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+([-+][0-9A-Za-z.-]+)?$', maxLength: 60 }),
    /** URL prefixes the module serves: /vendors serves /vendors and everything under /vendors/. */
    routes: Type.Array(Path, { minItems: 1, maxItems: 20 }),
    navGroups: Type.Array(ModuleNavGroup, { maxItems: 10 }),
    nav: Type.Array(ModuleNavItem, { maxItems: 50 }),
    dashboard: Type.Object(
      {
        cards: Type.Array(ModuleDashboardCard, { maxItems: 10 }),
        quickActions: Type.Array(ModuleQuickAction, { maxItems: 10 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ModuleDescriptor = Static<typeof ModuleDescriptor>;

/** One deployed remote in /config/remotes.json. */
export const RemoteEntry = Type.Object(
  {
    /** The remote's Module Federation manifest (mf-manifest.json). */
    entry: Type.String({ minLength: 1, maxLength: 500 }),
    /** What the module declares; absent when the shell must fetch `module.json` next to the entry. */
    module: Type.Optional(ModuleDescriptor),
    /** The version this deployment pins: the shell refuses to run another, saying which it found. */
    version: Type.Optional(Type.String({ maxLength: 60 })),
    /**
     * For a remote this gateway serves, from its build's preload.json: its remoteEntry.js, the scripts
     * its './app' loads first (the entry and the exposed module's chunks) and, per shared library they
     * consume, that library's chunks. The shell loads the remote from `entry` (no manifest to wait for)
     * and asks for the rest at once instead of one round trip after another (decision 0042); the
     * federation runtime still decides which shared copy runs.
     */
    preload: Type.Optional(
      Type.Object(
        {
          entry: Type.String({ minLength: 1, maxLength: 500 }),
          scripts: Type.Array(Type.String({ maxLength: 500 }), { maxItems: 100 }),
          shared: Type.Record(Type.String(), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 100 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RemoteEntry = Static<typeof RemoteEntry>;

/** A change to one remote in REMOTES_JSON / REMOTES_FILE: as an entry, or only `version` to pin a remote this gateway serves. */
export const RemoteOverride = Type.Object(
  {
    entry: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    module: Type.Optional(ModuleDescriptor),
    version: Type.Optional(Type.String({ maxLength: 60 })),
  },
  { additionalProperties: false },
);
export type RemoteOverride = Static<typeof RemoteOverride>;

/** GET /config/remotes.json: remote name → entry. */
export const RemotesConfig = Type.Record(Type.String(), RemoteEntry);
export type RemotesConfig = Static<typeof RemotesConfig>;

// In a module of its own, so that importing it does not build the schemas above (decision 0042).
export { matchesRoutes } from './routes.js';
