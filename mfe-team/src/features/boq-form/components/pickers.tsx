import { SearchPicker } from '@erp/ui/remote';
import type { Ref } from 'react';
import { useItemSearch } from '../api/search-items';
import { useProjectSearch } from '../api/search-projects';
import type { BoqItemOption, BoqProjectOption } from '../hooks/boq-form-values';

interface PickerProps<T> {
  id: string;
  value: T | null;
  onChange: (option: T) => void;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Step 1: the member's projects, searched on the server; each option shows its code and name. */
export function ProjectPicker({ value, ...rest }: PickerProps<BoqProjectOption>) {
  return (
    <SearchPicker
      {...rest}
      value={value}
      useSearch={useProjectSearch}
      optionKey={(project) => project._id}
      valueLabel={(project) => `${project.projectCode} · ${project.name}`}
      describe={(project) => ({ label: project.name, detail: project.projectCode })}
      placeholder="Search projects by name or code..."
      noMatch={(keyword) => (keyword ? `No projects match “${keyword}”` : 'No projects available')}
      errorTitle="Could not load projects"
    />
  );
}

export interface ItemPickerProps extends PickerProps<BoqItemOption> {
  /** Items already on another line of this BOQ: shown as 'Added', not selectable. */
  isTaken: (itemId: string) => boolean;
}

/** A line's item: the item master searched as the user types; an item already on the BOQ shows 'Added'. */
export function ItemPicker({ value, isTaken, ...rest }: ItemPickerProps) {
  return (
    <SearchPicker
      {...rest}
      value={value}
      useSearch={useItemSearch}
      optionKey={(item) => item._id}
      valueLabel={(item) => item.name}
      describe={(item) => {
        const taken = item._id !== value?._id && isTaken(item._id);
        return { label: item.name, detail: taken ? 'Added' : item.unit, disabled: taken };
      }}
      placeholder="Search items..."
      noMatch={(keyword) => (keyword ? `No items match “${keyword}”` : 'No items in the item master yet')}
      errorTitle="Could not load items"
    />
  );
}
