/** Where a PO's goods go, as a printed PO says it. */

/**
 * Where the goods go, as printed on the PO: the indent's site (its Site/Location field), then the
 * project's name and code and its location. An approval announced before these were carried prints
 * the project alone, as before.
 */
export function deliveryAddress(
  project: { name: string; projectCode: string },
  places: { site: string; projectLocation: string },
): string {
  const projectLine = `${project.name} (${project.projectCode})`;
  return [places.site.trim(), projectLine, places.projectLocation.trim()].filter((s) => s !== '').join('\n');
}
