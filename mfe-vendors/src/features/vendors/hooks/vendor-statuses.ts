/**
 * Vendor statuses, held here so the browser bundle does not pull in TypeBox: @erp/contracts declares
 * VENDOR_STATUSES in schemas/vendors.ts next to the TypeBox schemas (about 12 KB gzipped). The type
 * check fails the build if the contract's list changes and this one does not follow.
 */
import type { VendorStatus } from '@erp/contracts';

export const VENDOR_STATUSES = ['active', 'inactive', 'blocked'] as const satisfies readonly VendorStatus[];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statusesMatch: Same<(typeof VENDOR_STATUSES)[number], VendorStatus> = true;
void statusesMatch;
