/** The endpoints of the vendor master and vendor ledgers (vendors service) the browser calls: one line each (docs/adding-a-module.md). */
import { get, post, patch } from '../endpoint.js';
import type {
  CreditNoteBody,
  LedgerEntryResponse,
  OverbillDecisionBody,
  OverbillListQuery,
  OverbillListResponse,
  OverbillResponse,
  PaymentBody,
  ReverseBody,
  StatementQuery,
  VendorAccountsQuery,
  VendorAccountsResponse,
  VendorLedgerQuery,
  VendorLedgerResponse,
} from '../schemas/ledger.js';
import type {
  CreateVendorBody,
  UpdateVendorBody,
  Vendor,
  VendorListQuery,
  VendorListResponse,
  VendorResponse,
} from '../schemas/vendors.js';

export const vendorsEndpoints = {
  // Vendor master (vendors service)
  'vendors.list': get('/vendors/all').query<VendorListQuery>().returns<VendorListResponse>(),
  'vendors.create': post('/vendors').body<CreateVendorBody>().returns<VendorResponse>(),
  'vendors.get': get('/vendors/details/:id').returns<Vendor>(),
  'vendors.update': patch('/vendors/details/:id').body<UpdateVendorBody>().returns<VendorResponse>(),
  // Vendor ledgers (vendors service, /vendorTransaction)
  'ledger.accounts': get('/vendorTransaction').query<VendorAccountsQuery>().returns<VendorAccountsResponse>(),
  'ledger.overbilling': get('/vendorTransaction/overbilling')
    .query<OverbillListQuery>()
    .returns<OverbillListResponse>(),
  'ledger.approveOverbill': post('/vendorTransaction/overbilling/:id/approve')
    .body<OverbillDecisionBody>()
    .returns<OverbillResponse>(),
  'ledger.rejectOverbill': post('/vendorTransaction/overbilling/:id/reject')
    .body<OverbillDecisionBody>()
    .returns<OverbillResponse>(),
  'ledger.get': get('/vendorTransaction/:id').query<VendorLedgerQuery>().returns<VendorLedgerResponse>(),
  'ledger.addPayment': post('/vendorTransaction/:id/payments')
    .body<PaymentBody>()
    .returns<LedgerEntryResponse>(),
  'ledger.addCreditNote': post('/vendorTransaction/:id/credit-notes')
    .body<CreditNoteBody>()
    .returns<LedgerEntryResponse>(),
  'ledger.reverse': post('/vendorTransaction/:id/entries/:entryId/reverse')
    .body<ReverseBody>()
    .returns<LedgerEntryResponse>(),
  'ledger.statement': get('/vendorTransaction/:id/statement').query<StatementQuery>().file(),
};
