import { useLocation, useSearchParams } from '@erp/ui';
import { ItemFormPage } from '../features/items/components/item-form-page';

/** /items/create, and /items/edit?id= (SPEC §2 "Items"). /items/edit without an id adds, as the sidebar's Add Item does. */
export default function ItemFormRoute() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = pathname.startsWith('/items/edit') ? params.get('id') : null;
  // A new key per item: switching from one item to another starts from a fresh form.
  return <ItemFormPage key={id ?? 'new'} id={id} />;
}
