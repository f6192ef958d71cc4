import { can } from '@erp/contracts';
import { Button, Icon } from '@erp/ui';
import { ListPage, useCurrentUser, useListSearch } from '@erp/ui/remote';
import { useState } from 'react';
import { ITEM_PAGE_SIZE, useItemList } from '../api/get-item-list';
import { ExportButtons } from './export-buttons';
import { ImportDialog } from './import-dialog';
import { ItemTable } from './item-table';

/** /items/list (SPEC §2 "Items"): server-side search, total count, import and export. */
export function ItemListPage() {
  const user = useCurrentUser();
  const canManage = can(user, 'items', 'add', 'write');
  const allowed = can(user, 'items', 'list', 'read') || canManage;
  const search = useListSearch();
  const [importOpen, setImportOpen] = useState(false);
  const list = useItemList(search.query, allowed);

  return (
    <>
      <ListPage
        title="Items"
        description="The item master: units and each vendor's price"
        actions={
          canManage && (
            <>
              <Button variant="outline" onClick={() => setImportOpen(true)}>
                <Icon name="inbox" />
                Import
              </Button>
              <ExportButtons keyword={search.keyword} />
            </>
          )
        }
        create={canManage && { to: '/items/create', label: 'Add Item', firstLabel: 'Add First Item' }}
        allowed={allowed}
        noun="items"
        search={search}
        searchPlaceholder="Search items..."
        count={{ one: 'item', many: 'items' }}
        query={list}
        pageSize={ITEM_PAGE_SIZE}
        noMatchTitle="No items match your search"
        empty={{
          icon: 'package',
          title: 'No items yet',
          description: canManage
            ? 'Add your first item with the vendors who supply it and their prices.'
            : 'Items added by a purchaser will appear here.',
        }}
      >
        {list.data && <ItemTable items={list.data.result} canEdit={canManage} />}
      </ListPage>
      {allowed && canManage && <ImportDialog open={importOpen} onOpenChange={setImportOpen} />}
    </>
  );
}
