import { SearchPicker } from '@erp/ui/remote';
import type { Ref } from 'react';
import { useVendorSearch, type VendorOption } from '../api/search-vendors';

export interface VendorPickerProps {
  id: string;
  value: VendorOption | null;
  onChange: (vendor: VendorOption) => void;
  /** Vendors already on another row of this item: shown, but not selectable. */
  taken: ReadonlySet<string>;
  disabled?: boolean;
  /** The input, for the form to focus it (its first error). */
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A vendor combobox that searches the vendor master on the server as the user types. */
export function VendorPicker({ value, taken, ...rest }: VendorPickerProps) {
  return (
    <SearchPicker
      {...rest}
      value={value}
      useSearch={useVendorSearch}
      optionKey={(vendor) => vendor._id}
      valueLabel={(vendor) => vendor.name}
      describe={(vendor) => {
        const isTaken = taken.has(vendor._id) && vendor._id !== value?._id;
        return { label: vendor.name, detail: isTaken ? 'Added' : vendor.vendorId, disabled: isTaken };
      }}
      placeholder="Search vendors..."
      noMatch={(keyword) => `No active vendors match “${keyword}”`}
      errorTitle="Could not load vendors"
    />
  );
}
