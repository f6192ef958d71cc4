import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { grantAccess, type GrantedAccess, type GrantOptions } from './access.js';
import type { TestHarness } from './index.js';

/** The demo team's four members of the four roles, as the services' tests grant them. */
export const DEMO_TEAM = {
  admin: { role: 'Admin', name: 'Demo Admin' },
  purchaser: { role: 'Purchaser', name: 'Priya Kulkarni' },
  accountant: { role: 'Accountant', name: 'Rahul Deshmukh' },
  employee: { role: 'Employee', name: 'Sandeep Patil' },
} as const satisfies Record<string, GrantOptions>;

/** Grant each member of `team` in turn (in its order); each one's access by the same name. */
export async function grantTeam<W extends string>(
  h: TestHarness,
  team: Record<W, GrantOptions>,
): Promise<Record<W, GrantedAccess>> {
  const people = {} as Record<W, GrantedAccess>;
  for (const [who, grant] of Object.entries(team) as Array<[W, GrantOptions]>)
    people[who] = await grantAccess(h, grant);
  return people;
}

/** A call of the harness's app as one of `people` (by name), as another member, or with no token (null). */
export type CallAs<W extends string> = (
  who: W | GrantedAccess | null,
  method: HTTPMethods,
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** Calls of `h`'s app as the members of `people` (see CallAs). */
export function callerAs<W extends string>(h: TestHarness, people: Record<W, GrantedAccess>): CallAs<W> {
  return (who, method, url, payload) =>
    h.app.inject({
      method,
      url,
      headers: who === null ? {} : typeof who === 'string' ? people[who].headers : who.headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}
