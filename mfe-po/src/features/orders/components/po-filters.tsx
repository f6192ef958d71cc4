import {
  ChoiceFilter,
  FilterTabsRow,
  ProjectChoiceFilter,
  type ChoiceFilterProps,
  Tabs,
  useListSearch,
  type ListSearch,
  type ListSearchOptions,
} from '@erp/ui/remote';
import type { ReactNode } from 'react';
import { useProjectOptions, useVendorOptions, type VendorOption } from '../api/get-filter-options';
import {
  activeFilterCount,
  parseIdFilter,
  parseStatusTab,
  statusParam,
  type PoStatusTab,
} from '../hooks/po-list-filters';

/** Wider than the bar's other selects: a project reads "code — name". */
const WIDE = '13rem';

export interface StatusTabsProps {
  tabs: { value: PoStatusTab; label: string }[];
  value: PoStatusTab;
  onChange: (status: string | undefined) => void;
}

/** SPEC §2: the Status filter (All, Open, Partial, Closed; the receiving list All, Open, Partial). */
export function StatusTabs({ tabs, value, onChange }: StatusTabsProps) {
  return (
    <FilterTabsRow>
      <Tabs
        aria-label="Filter by status"
        value={value}
        onValueChange={(next) => onChange(statusParam(next as PoStatusTab))}
        tabs={tabs}
      />
    </FilterTabsRow>
  );
}

export type IdFilterProps = Pick<ChoiceFilterProps, 'value' | 'onChange'>;
type ProjectFilterProps = IdFilterProps;

/**
 * 'All Projects' and the member's projects as "code — name" (projects list, limit 100). A project in
 * the URL (the project screens link /po/list?project={id}) that the list does not hold still shows as chosen.
 */
export function ProjectFilter(props: ProjectFilterProps) {
  const options = useProjectOptions();
  return <ProjectChoiceFilter {...props} projects={options.data} pending={options.isPending} width={WIDE} />;
}

export interface VendorFilterProps extends IdFilterProps {
  /** May read the vendor master: its first 100 vendors are offered. */
  fromMaster: boolean;
  /** The vendors of the POs on screen: offered without the master, and naming a chosen vendor it lacks. */
  present: VendorOption[];
}

/** 'All Vendors' and the vendors (from the vendor master, or those of the POs listed). */
export function VendorFilter({ value, onChange, fromMaster, present }: VendorFilterProps) {
  const master = useVendorOptions(fromMaster);
  const listed = fromMaster && master.data ? master.data : present;
  const seen = present.find((v) => v._id === value);
  return (
    <ChoiceFilter
      aria-label="Filter by vendor"
      allLabel="All Vendors"
      value={value}
      onChange={onChange}
      choices={listed.map((v) => ({ value: v._id, label: v.name }))}
      unknownLabel={seen?.name ?? (fromMaster && master.isPending ? 'Loading vendors...' : 'Selected vendor')}
      width={WIDE}
    />
  );
}

/** A PO list's search and its Status, Vendor and Project filters as the URL holds them. */
export interface PoListFilters {
  search: ListSearch;
  status: PoStatusTab;
  vendorId: string | null;
  projectId: string | null;
}

/** The search and filters of a PO list whose status tabs are `tabs` (?status=, ?vendor=, ?project=). */
export function usePoListFilters(
  tabs: readonly { value: PoStatusTab }[],
  options?: ListSearchOptions,
): PoListFilters {
  const search = useListSearch(['status', 'vendor', 'project'], options);
  return {
    search,
    status: parseStatusTab(search.filter('status'), tabs),
    vendorId: parseIdFilter(search.filter('vendor')),
    projectId: parseIdFilter(search.filter('project')),
  };
}

/** What a PO list asks the server for its search and filters. */
export const poListQuery = ({ search, status, vendorId, projectId }: PoListFilters) => ({
  page: search.query.page,
  keyword: search.query.keyword,
  status,
  vendorId,
  projectId,
});

/** How many filters are set (the phone's 'Filters (n)' button). */
export const poFiltersOnPhone = (filters: PoListFilters) => ({ active: activeFilterCount(filters) });

export interface PoListFilterBarProps {
  filters: PoListFilters;
  tabs: { value: PoStatusTab; label: string }[];
  /** May read the vendor master (else the Vendor filter offers the vendors of the POs seen). */
  fromMaster: boolean;
  /** The vendors of the POs the list has shown (`useSeenVendors`; kept by the page, as the phone's panel comes and goes). */
  seenVendors: readonly VendorOption[];
  /** More filters after the three (the phone's sort). */
  children?: ReactNode;
}

/** The Status tabs and the Vendor and Project filters of a PO list, bound to its URL. */
export function PoListFilterBar({ filters, tabs, fromMaster, seenVendors, children }: PoListFilterBarProps) {
  const { search, status, vendorId, projectId } = filters;
  return (
    <>
      <StatusTabs tabs={tabs} value={status} onChange={(value) => search.setFilter('status', value)} />
      <VendorFilter
        value={vendorId}
        onChange={(value) => search.setFilter('vendor', value)}
        fromMaster={fromMaster}
        present={[...seenVendors]}
      />
      <ProjectFilter value={projectId} onChange={(value) => search.setFilter('project', value)} />
      {children}
    </>
  );
}
