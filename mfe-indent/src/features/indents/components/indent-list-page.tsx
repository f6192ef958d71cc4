import { Icon, LinkButton } from '@erp/ui';
import { ListPage, Tabs, useCurrentUser, useListSearch } from '@erp/ui/remote';
import styled from 'styled-components';
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

/** The status tabs get a row of their own above the search (in the phone's side panel, the top of it). */
const TabsRow = styled.div`
  order: -1;
  flex-basis: 100%;
  max-width: 100%;
  /* In the phone's narrow side panel the five tabs wrap rather than scroll out of sight. */
  & [role='tablist'] {
    flex-wrap: wrap;
  }
`;

/**
 * /indent/list (SPEC §2 "Indent list"): server-side search, status tabs, project and sort filters
 * (?project= preselects the project, as the project screens link it), 10 per page, a table on
 * desktops and cards with the filters in a side panel on phones.
 */
export function IndentListPage() {
  const user = useCurrentUser();
  const allowed = canReadIndents(user);
  const canCreate = canCreateIndents(user);
  const search = useListSearch(['status', 'project', 'sort']);
  const status = parseStatusTab(search.filter('status'));
  const projectId = parseProjectFilter(search.filter('project'));
  const sort = parseIndentSort(search.filter('sort'));
  const list = useIndentList(
    { ...search.query, status: status === 'all' ? null : status, projectId, sort },
    allowed,
  );
  const createIndent = (
    <LinkButton to="/indent/create">
      <Icon name="plus" />
      Create Indent
    </LinkButton>
  );

  return (
    <ListPage
      title="Indent List"
      description="Material requests raised against each project's BOQ, and where each one stands"
      actions={canCreate && createIndent}
      allowed={allowed}
      noun="indents"
      search={search}
      searchPlaceholder="Search BoQ#, project, creator, notes..."
      filters={
        <>
          <TabsRow>
            <Tabs
              aria-label="Filter by status"
              value={status}
              onValueChange={(value) => search.setFilter('status', value === 'all' ? undefined : value)}
              tabs={STATUS_TABS}
            />
          </TabsRow>
          <ProjectFilter value={projectId} onChange={(value) => search.setFilter('project', value)} />
          <SortFilter value={sort} onChange={(value) => search.setFilter('sort', value)} />
        </>
      }
      filtersOnPhone={{ active: (status !== 'all' ? 1 : 0) + (projectId ? 1 : 0) + (sort ? 1 : 0) }}
      count={{ one: 'indent', many: 'indents' }}
      query={list}
      page={list.data}
      pageSize={INDENT_PAGE_SIZE}
      noMatchTitle="No BoQs match these filters"
      empty={{
        icon: 'clipboard',
        title: 'No indents yet',
        description: canCreate
          ? 'Raise an indent for the materials a site needs from its BOQ.'
          : 'Indents raised for your projects will appear here.',
        action: canCreate ? createIndent : undefined,
      }}
    >
      {list.data && <IndentTable indents={list.data.result} user={user} />}
    </ListPage>
  );
}
