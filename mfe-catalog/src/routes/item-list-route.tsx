import { ItemListPage } from '../features/items/components/item-list-page';

export default function ItemListRoute() {
  return <ItemListPage />;
}
