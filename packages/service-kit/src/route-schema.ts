import { ErrorResponse, hasAllProjects, type MemberAccess } from '@erp/contracts';
import type { TSchema } from 'typebox';
import type { RouteAccess } from './auth/context.js';
import { badRequest } from './errors.js';
import { isUuid } from './validation.js';

/** A route's error answers (ARCHITECTURE §6): each named status code answers an ErrorResponse. */
export function errorResponses<C extends number>(...codes: C[]): Record<C, typeof ErrorResponse> {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as Record<C, typeof ErrorResponse>;
}

/** The answers most routes may give besides their own: bad request, signed out, refused, not found, conflict. */
export const COMMON_ERRORS = errorResponses(400, 401, 403, 404, 409);

/** The window of a list as asked: `pageSize` rows from the first by default, and the count's cap. */
export function listWindow(
  q: { limit?: number; offset?: number },
  cap: number,
  pageSize = 10,
): { limit: number; offset: number; cap: number } {
  return { limit: q.limit ?? pageSize, offset: q.offset ?? 0, cap };
}

/** A list's keyword as typed, trimmed ('' for none). */
export const keywordOf = (q: { keyword?: string }): string => (q.keyword ?? '').trim();

/** The projects a member's lists are limited to, sorted (so they make one answer key); null for all projects. */
export function listedProjects(auth: Pick<MemberAccess, 'role' | 'permissions'>): string[] | null {
  return hasAllProjects(auth) ? null : [...auth.permissions.projects].sort();
}

/** An id filter of a list's query: null when absent or empty, lower-cased, 400 when not an id. */
export function idFilter(name: string, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const id = value.toLowerCase();
  if (!isUuid(id)) throw badRequest(`${name} must be a valid id`);
  return id;
}

/** A status filter of a list's query: null for none or 'all', else the status asked. */
export function statusOf<S extends string>(status: string | undefined): S | null {
  return !status || status === 'all' ? null : (status as S);
}

/** What a route's schema names besides its tag and answers. */
export interface RouteParts {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  consumes?: string[];
}

/** A route's options: who may call it (none where the handler checks) and its schema. */
export interface RouteOptions<S> {
  config?: { access: RouteAccess };
  schema: S;
}

/**
 * The routes of one tag: `route(access, parts, answers)` is a route's options, its schema tagged and
 * the tag's error answers added to `answers`. `access` null: the handler checks who may call it.
 */
export function routesOf<E extends Record<number, TSchema>>(tag: string, errors: E) {
  return <P extends RouteParts, R extends Record<number, TSchema>>(
    access: RouteAccess | null,
    parts: P,
    answers: R,
  ): RouteOptions<P & { tags: string[]; response: R & E }> => {
    const schema = { tags: [tag], ...parts, response: { ...answers, ...errors } };
    return access === null ? { schema } : { config: { access }, schema };
  };
}
