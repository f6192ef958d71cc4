/**
 * The filters of a list's search bar: a select of choices with "All …" first (a project, a vendor,
 * a status), and a row of its own for status tabs. A screen binds them to `useListSearch`'s filters.
 */
import { Select, theme } from '@erp/ui';
import type { ChangeEvent, ReactNode } from 'react';
import styled from 'styled-components';

/** Status tabs on a row of their own above the search (at the top of the phone's side panel). */
export const FilterTabsRow = styled.div`
  order: -1;
  flex-basis: 100%;
  max-width: 100%;
  /* In the phone's narrow side panel the tabs wrap rather than scroll out of sight. */
  & [role='tablist'] {
    flex-wrap: wrap;
  }
`;

/** Wider than the bar's other selects (its options carry a code and a name); the whole row on phones. */
const WideSelect = styled(Select)<{ $width: string }>`
  && {
    width: ${(p) => p.$width};
    max-width: 100%;
  }
  ${theme.media.mobile} {
    && {
      width: 100%;
    }
  }
`;

export interface FilterChoice {
  value: string;
  label: ReactNode;
}

export interface ChoiceFilterProps {
  /** What a screen reader hears ("Filter by project"). */
  'aria-label': string;
  /** The first choice, which sets no filter ("All Projects"). */
  allLabel: string;
  /** The chosen value, null for the first choice. */
  value: string | null;
  /** The chosen value, undefined for the first choice. */
  onChange: (value: string | undefined) => void;
  choices: readonly FilterChoice[];
  /**
   * Names a chosen value the choices lack, shown after the first choice (a project past the first
   * 100 the list offers, or while the choices load: "Selected project", "Loading projects...").
   */
  unknownLabel?: string;
  /** A width wider than the bar's other selects ("16rem"); the whole row on phones. */
  width?: string;
}

/** A select of a list's filter: "All …" and the choices; a chosen value the choices lack still shows as chosen. */
export function ChoiceFilter({
  allLabel,
  value,
  onChange,
  choices,
  unknownLabel = '',
  width,
  ...aria
}: ChoiceFilterProps) {
  const known = !value || choices.some((c) => c.value === value);
  const select = {
    'aria-label': aria['aria-label'],
    value: value ?? '',
    onChange: (e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value || undefined),
  };
  const options = (
    <>
      <option value="">{allLabel}</option>
      {!known && <option value={value}>{unknownLabel}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </>
  );
  return width === undefined ? (
    <Select {...select}>{options}</Select>
  ) : (
    <WideSelect $width={width} {...select}>
      {options}
    </WideSelect>
  );
}

/** A project as a list's Project filter offers it. */
export interface ProjectChoice {
  _id: string;
  name: string;
  projectCode?: string;
}

/** "PRJ-0001 — Skyline Residency" (the name alone without a code). */
export const projectChoiceLabel = ({ projectCode, name }: ProjectChoice): string =>
  projectCode ? `${projectCode} — ${name}` : name;

export interface ProjectChoiceFilterProps {
  value: string | null;
  onChange: (projectId: string | undefined) => void;
  /** The projects offered (the first 100 the member may see); undefined until they load. */
  projects: readonly ProjectChoice[] | undefined;
  /** They are loading: a project in the URL they lack reads "Loading projects...", else "Selected project". */
  pending: boolean;
  /** How an option reads; "code — name" without. */
  label?: (project: ProjectChoice) => string;
  /** Wider than the bar's other selects (an option carries a code and a name): 16rem without. */
  width?: string;
}

/** 'All Projects' and the projects: the Project filter of the indent, PO and BOQ lists. */
export function ProjectChoiceFilter({
  value,
  onChange,
  projects,
  pending,
  label = projectChoiceLabel,
  width = '16rem',
}: ProjectChoiceFilterProps) {
  return (
    <ChoiceFilter
      aria-label="Filter by project"
      allLabel="All Projects"
      value={value}
      onChange={onChange}
      choices={(projects ?? []).map((p) => ({ value: p._id, label: label(p) }))}
      unknownLabel={pending ? 'Loading projects...' : 'Selected project'}
      width={width}
    />
  );
}
