import { can, type BoqSummary } from '@erp/contracts';
import { activeFilters, ListPage, useCurrentUser, useListFilters } from '@erp/ui/remote';
import { useState } from 'react';
import { BOQ_PAGE_SIZE, parseBoqStatusFilter, useBoqList } from '../../shared/api/get-boq-list';
import { BoqTable } from './boq-table';
import { DeleteBoqDialog } from './delete-boq-dialog';
import { ProjectFilter, StatusFilter } from './project-filter';

/** /boq/list (SPEC §5 "BOQ list"): server-side search, project and status filters, table or cards. */
export function BoqListPage() {
  const user = useCurrentUser();
  const allowed = can(user, 'team', 'boqList', 'read');
  // The service changes BOQs for Add BOQ write (creating, editing, deleting and revising alike).
  const canWrite = can(user, 'team', 'addBoq', 'write');
  const canCreate = canWrite;
  const { search, values } = useListFilters({
    status: parseBoqStatusFilter,
    projectId: (raw) => raw || null,
  });
  const list = useBoqList({ ...search.query, ...values }, allowed);
  const [deleting, setDeleting] = useState<BoqSummary | null>(null);

  return (
    <>
      <ListPage
        title="BOQ List"
        description="Bills of quantities: the materials planned for each project"
        create={canCreate && { to: '/boq/create', label: 'Create BOQ' }}
        allowed={allowed}
        noun="BOQs"
        search={search}
        searchPlaceholder="Search by BOQ name, project, or ID..."
        filters={
          <>
            <ProjectFilter
              value={values.projectId}
              onChange={(value) => search.setFilter('projectId', value)}
            />
            <StatusFilter value={values.status} onChange={(value) => search.setFilter('status', value)} />
          </>
        }
        filtersOnPhone={{ active: activeFilters(values) }}
        count={{ one: 'BOQ', many: 'BOQs' }}
        query={list}
        pageSize={BOQ_PAGE_SIZE}
        noMatchTitle="No BOQs match these filters"
        empty={{
          icon: 'file',
          title: 'No BOQs found',
          description: canCreate
            ? 'Create a BOQ for a project to plan its materials'
            : 'BOQs of the projects you are assigned to will appear here.',
        }}
      >
        {list.data && <BoqTable boqs={list.data.result} canWrite={canWrite} onDelete={setDeleting} />}
      </ListPage>
      <DeleteBoqDialog boq={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
