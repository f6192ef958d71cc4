import { Type, type Static } from 'typebox';

/** GET /api/v1/dashboard (SPEC §3 "Dashboard data"). */
export const DashboardResponse = Type.Object(
  {
    activeBoq: Type.Integer(),
    activePo: Type.Integer(),
    totalItems: Type.Integer(),
    totalVendor: Type.Integer(),
    totalTeam: Type.Integer(),
    /** Indents the member may see, by stage (the indent service's counts). */
    draftIndents: Type.Optional(Type.Integer()),
    indentsToCompare: Type.Optional(Type.Integer()),
    indentsToApprove: Type.Optional(Type.Integer()),
    /**
     * For members who may read vendor accounts (the vendors service's ledgers): what is owed across
     * vendors in rupees (the positive outstanding balances) and the overbilling cases still Open.
     */
    outstandingPayables: Type.Optional(Type.Number()),
    openOverbilling: Type.Optional(Type.Integer()),
    /** Counts whose service could not answer (down, or its database away): shown as unavailable, not as 0. */
    unavailable: Type.Optional(Type.Array(Type.String())),
  },
  // A module's further counts, by the keys its declaration gives (gateway/src/modules.ts).
  { additionalProperties: Type.Number() },
);
export type DashboardResponse = Static<typeof DashboardResponse>;

/** Each service answers GET /<prefix>/stats with the counts it owns; the gateway adds them up. */
export const StatsResponse = Type.Partial(Type.Omit(DashboardResponse, ['unavailable']));
export type StatsResponse = Static<typeof StatsResponse>;
