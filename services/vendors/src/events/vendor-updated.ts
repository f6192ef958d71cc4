import type { Vendor, VendorUpsertedData } from '@erp/contracts';

/** erp.vendors.vendor_updated.v1 as built from a stored vendor (routes, seed and message pacts use this). */
export function vendorUpdatedData(v: Vendor): VendorUpsertedData {
  return {
    vendorId: v._id,
    displayId: v.vendorId,
    name: v.name,
    status: v.status,
    version: v.version,
    address: v.address,
    gstin: v.gstin,
    phoneNumber: v.phoneNumber,
    email: v.email,
  };
}
