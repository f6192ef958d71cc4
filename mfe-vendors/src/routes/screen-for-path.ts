/** Which screen of this remote a path shows. Every path under /vendors shows one; null only for paths of other apps. */
export type VendorScreen = 'list' | 'create' | 'detail' | 'accounts' | 'not-found';

/**
 * The vendor ledger and payment screens (SPEC §2) come with purchase orders and payments, in a later
 * issue. Until then their paths show an honest "not available yet" page (decision 0010), not an
 * empty content area.
 */
const ACCOUNT_PATHS = /^\/vendors\/(account-ledger|ledger|ledger-detail|payment|payments|credit-note)(\/|$)/;

export function screenForPath(pathname: string): VendorScreen | null {
  const path = pathname.replace(/\/+$/, '');
  if (!/^\/vendors(\/|$)/.test(path)) return null;
  if (path === '/vendors/list' || path === '/vendors') return 'list';
  if (path === '/vendors/create') return 'create';
  if (path === '/vendors/detail' || path.startsWith('/vendors/detail/')) return 'detail';
  if (ACCOUNT_PATHS.test(path)) return 'accounts';
  return 'not-found';
}
