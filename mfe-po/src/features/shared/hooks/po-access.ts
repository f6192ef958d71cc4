/**
 * Who may do what with a purchase order, as the screens show it (SPEC §6 "Purchase Orders": PO List,
 * Open POs). The PO service decides for itself; these only keep off the screen what it would refuse.
 */
import { can, isAdmin, type Member } from '@erp/contracts';

type Who = Pick<Member, 'role' | 'permissions'>;

/** /po/list: PO List read (GET /po). */
export const canReadPoList = (user: Who): boolean => can(user, 'po', 'list', 'read');

/** /po/open: Open POs read (the receiving list). */
export const canReadOpenPos = (user: Who): boolean => can(user, 'po', 'open', 'read') || canReadPoList(user);

/** A PO's page: PO List or Open POs read (as GET /po/{id}). */
export const canReadPo = (user: Who): boolean => canReadPoList(user) || can(user, 'po', 'open', 'read');

/** Records goods receipts (Open POs write): 'Receive', 'Record Receipt'. */
export const canReceive = (user: Who): boolean => can(user, 'po', 'open', 'write');

/** Short-closes a PO: an Admin (PO List write, which an Admin always has). */
export const canShortClose = (user: Who): boolean => isAdmin(user) && can(user, 'po', 'list', 'write');

/** May use the vendor master (vendors list) for the Vendor filter; otherwise it offers the vendors on screen. */
export const canListVendors = (user: Who): boolean => can(user, 'vendors', 'list', 'read');
