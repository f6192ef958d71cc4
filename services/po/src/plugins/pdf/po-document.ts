/**
 * The printed PO's content (PoDocument) from the PO as its page reads, the vendor's details as the
 * vendors service announced them, the buying company's profile and where the goods go.
 */
import { toHundredths, toPaise, type PurchaseOrder } from '@erp/contracts';
import type { CompanyProfile } from '../../config.js';
import { deliveryAddress } from '../../domain/delivery.js';
import type { PoDocument } from './po-pdf.js';

/** The vendor's details as kept (null: not announced yet; the PDF prints its name alone). */
type VendorDetails = { address: string; gstin: string; phone: string; email: string } | null;

export function poDocument(
  po: PurchaseOrder,
  vendor: VendorDetails,
  company: CompanyProfile,
  places: { site: string; projectLocation: string },
): PoDocument {
  return {
    company: {
      name: company.name,
      address: company.address,
      gstin: company.gstin,
      phone: company.phone,
      email: company.email,
    },
    vendor: {
      name: po.vendor.name,
      address: vendor?.address ?? '',
      gstin: vendor?.gstin ?? '',
      phone: vendor?.phone ?? '',
      email: vendor?.email ?? '',
    },
    po: {
      number: po.poNumber,
      orderDate: po.orderDate,
      indentNumber: po.indentId.indentId,
      projectName: po.projectId.name,
      projectCode: po.projectId.projectCode,
      boqNumber: po.boqId.boqId,
      deliverySite: deliveryAddress(po.projectId, places),
      approvedBy: po.approvedBy?.name ?? '',
    },
    // The PO's own integers again (its rupees and units came from them, exactly).
    lines: po.items.map((l) => ({
      itemName: l.item.name,
      unit: l.item.unit,
      quantityHundredths: toHundredths(l.quantity),
      pricePaise: toPaise(l.price),
      gstPaise: toPaise(l.gst),
    })),
    fleet: { amountPaise: toPaise(po.fleet.amount), gstPaise: toPaise(po.fleet.gst) },
    terms: company.terms,
  };
}
