import { createQueryKeys } from '@erp/sdk/query';

/**
 * Every query of the ledger screens starts with 'ledger' (the accounts list, a vendor's ledger, the
 * overbilling queue, the payment page's vendor search), so a payment, a credit note, a reversal or
 * an overbilling decision refreshes them all with one `invalidateQueries({ queryKey: ['ledger'] })`.
 */
export const ledgerKeys = createQueryKeys('ledger');
