import { FilterTabsRow, ListPage, Tabs, useCurrentUser, useListFilters } from '@erp/ui/remote';
import { INDENT_PAGE_SIZE, useIndentList } from '../api/get-indent-list';
import { canCreateIndents, canReadIndents } from '../../shared/hooks/indent-access';
import {
  parseIndentSort,
  parseProjectFilter,
  parseStatusTab,
  STATUS_TABS,
} from '../hooks/indent-list-filters';
import { ProjectFilter, SortFilter } from './indent-filters';
import { IndentTable } from './indent-table';

/**
 * /indent/list (SPEC §2 "Indent list"): server-side search, status tabs, project and sort filters
 * (?project= preselects the project, as the project screens link it), 10 per page, a table on
 * desktops and cards with the filters in a side panel on phones.
 */
export function IndentListPage() {
  const user = useCurrentUser();
  const allowed = canReadIndents(user);
  const canCreate = canCreateIndents(user);
  const { search, values } = useListFilters({
    status: parseStatusTab,
    project: parseProjectFilter,
    sort: parseIndentSort,
  });
  const { status, project: projectId, sort } = values;
  const list = useIndentList(
    { ...search.query, status: status === 'all' ? null : status, projectId, sort },
    allowed,
  );

  return (
    <ListPage
      title="Indent List"
      description="Material requests raised against each project's BOQ, and where each one stands"
      create={canCreate && { to: '/indent/create', label: 'Create Indent' }}
      allowed={allowed}
      noun="indents"
      search={search}
      searchPlaceholder="Search BoQ#, project, creator, notes..."
      filters={
        <>
          <FilterTabsRow>
            <Tabs
              aria-label="Filter by status"
              value={status}
              onValueChange={(value) => search.setFilter('status', value === 'all' ? undefined : value)}
              tabs={STATUS_TABS}
            />
          </FilterTabsRow>
          <ProjectFilter value={projectId} onChange={(value) => search.setFilter('project', value)} />
          <SortFilter value={sort} onChange={(value) => search.setFilter('sort', value)} />
        </>
      }
      filtersOnPhone={{ active: (status !== 'all' ? 1 : 0) + (projectId ? 1 : 0) + (sort ? 1 : 0) }}
      count={{ one: 'indent', many: 'indents' }}
      query={list}
      pageSize={INDENT_PAGE_SIZE}
      noMatchTitle="No BoQs match these filters"
      empty={{
        icon: 'clipboard',
        title: 'No indents yet',
        description: canCreate
          ? 'Raise an indent for the materials a site needs from its BOQ.'
          : 'Indents raised for your projects will appear here.',
      }}
    >
      {list.data && <IndentTable indents={list.data.result} user={user} />}
    </ListPage>
  );
}
