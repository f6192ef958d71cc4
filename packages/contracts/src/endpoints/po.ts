/** The endpoints of purchase orders and goods receipts (PO service) the browser calls: one line each (docs/adding-a-module.md). */
import { get, post } from '../endpoint.js';
import type {
  PhotoResponse,
  PoListQuery,
  PoListResponse,
  PoResponse,
  PurchaseOrder,
  ReceiptBody,
  ShortCloseBody,
} from '../schemas/po.js';

export const poEndpoints = {
  // Purchase orders (PO service)
  'po.list': get('/po').query<PoListQuery>().returns<PoListResponse>(),
  'po.get': get('/po/:id').returns<PurchaseOrder>(),
  'po.uploadPhoto': post('/po/:id/photos').form().returns<PhotoResponse>(),
  'po.receive': post('/poReceipt').body<ReceiptBody>().returns<PoResponse>(),
  'po.shortClose': post('/po/:id/short-close').body<ShortCloseBody>().returns<PoResponse>(),
  'po.pdf': get('/po/:id/pdf').file(),
  'po.photo': get('/po/:id/photos/:photoId').file(),
};
