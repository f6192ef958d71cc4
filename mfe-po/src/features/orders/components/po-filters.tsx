import { Select, theme } from '@erp/ui';
import { Tabs } from '@erp/ui/remote';
import styled from 'styled-components';
import { useProjectOptions, useVendorOptions, type VendorOption } from '../api/get-filter-options';
import { statusParam, type PoStatusTab } from '../hooks/po-list-filters';

/** The status tabs get a row of their own above the search (in the phone's side panel, the top of it). */
const TabsRow = styled.div`
  order: -1;
  flex-basis: 100%;
  max-width: 100%;
  & [role='tablist'] {
    flex-wrap: wrap;
  }
`;

/** Wider than the bar's other selects: a project reads "code — name". */
const WideSelect = styled(Select)`
  && {
    width: 13rem;
    max-width: 100%;
  }
  ${theme.media.mobile} {
    && {
      width: 100%;
    }
  }
`;

export interface StatusTabsProps {
  tabs: { value: PoStatusTab; label: string }[];
  value: PoStatusTab;
  onChange: (status: string | undefined) => void;
}

/** SPEC §2: the Status filter (All, Open, Partial, Closed; the receiving list All, Open, Partial). */
export function StatusTabs({ tabs, value, onChange }: StatusTabsProps) {
  return (
    <TabsRow>
      <Tabs
        aria-label="Filter by status"
        value={value}
        onValueChange={(next) => onChange(statusParam(next as PoStatusTab))}
        tabs={tabs}
      />
    </TabsRow>
  );
}

export interface IdFilterProps {
  value: string | null;
  onChange: (id: string | undefined) => void;
}

/**
 * 'All Projects' and the member's projects as "code — name" (projects list, limit 100). A project in
 * the URL (the project screens link /po/list?project={id}) that the list does not hold still shows as chosen.
 */
export function ProjectFilter({ value, onChange }: IdFilterProps) {
  const options = useProjectOptions();
  const projects = options.data ?? [];
  const known = value === null || projects.some((p) => p._id === value);
  return (
    <WideSelect
      aria-label="Filter by project"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">All Projects</option>
      {!known && (
        <option value={value}>{options.isPending ? 'Loading projects...' : 'Selected project'}</option>
      )}
      {projects.map((p) => (
        <option key={p._id} value={p._id}>
          {p.projectCode} — {p.name}
        </option>
      ))}
    </WideSelect>
  );
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
  const vendors = [...listed];
  if (value && !vendors.some((v) => v._id === value)) {
    const seen = present.find((v) => v._id === value);
    vendors.unshift(
      seen ?? { _id: value, name: fromMaster && master.isPending ? 'Loading vendors...' : 'Selected vendor' },
    );
  }
  return (
    <WideSelect
      aria-label="Filter by vendor"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">All Vendors</option>
      {vendors.map((v) => (
        <option key={v._id} value={v._id}>
          {v.name}
        </option>
      ))}
    </WideSelect>
  );
}
