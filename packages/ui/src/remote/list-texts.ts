/** The texts of a list page that follow from what it lists; a screen may state its own instead. */
export interface ListTextsSource {
  /** What the list holds, plural and as the texts say it ("vendors", "purchase orders"). */
  noun: string;
  deniedText?: string;
  searchLabel?: string;
}

/** The texts a list page derives from its noun (SPEC §2 wording), unless it states its own. */
export function listTexts({ noun, deniedText, searchLabel }: ListTextsSource) {
  return {
    deniedText: deniedText ?? `You don't have permission to view ${noun}.`,
    searchLabel: searchLabel ?? `Search ${noun}`,
    loadingLabel: `Loading ${noun}`,
    errorTitle: `Could not load ${noun}`,
  };
}
