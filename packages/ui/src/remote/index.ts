/**
 * @erp/ui/remote: pieces every remote (mfe-*) uses and the shell does not. A separate entry on
 * purpose: Module Federation shares '@erp/ui' as one module that the shell loads at '/', so what only
 * the remotes need stays out of it (and out of the shell's budget); each remote bundles these few
 * components itself, built on the shared '@erp/ui' primitives.
 */
export { useUnsavedChanges } from './use-unsaved-changes';
export { FormSection, type FormSectionProps } from './form-section';
export { NotFound } from './not-found';
export { PageSkeleton } from './page-skeleton';
export { rootErrorBoundary } from './root-error-boundary';
export { lazyScreen, remoteRoutes, RemoteRouter, screenForPath, type RemoteSection } from './remote-router';
export { CurrentUserContext, useCurrentUser } from './current-user';
export { remoteLifecycles } from './lifecycles';
export { FilterBar, ListPage, useListSearch, type ListPageProps, type ListQueryState, type ListSearch } from './list-page';
export { DataTable, SortSelect, type Column, type DataTableProps, type ListSort, type SortSelectProps } from './data-table';
export * from './form-kit';
