/**
 * A module-level query `(schema, ...args)` as a repository method `(...args)` on one schema: a
 * service's repositories are small functions taking the schema first, bound once by its app.
 */
export function onSchema<A extends unknown[], R>(
  schema: string,
  fn: (schema: string, ...args: A) => R,
): (...args: A) => R {
  return (...args: A) => fn(schema, ...args);
}
