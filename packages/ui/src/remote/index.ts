/**
 * @erp/ui/remote: pieces every remote (mfe-*) uses and the shell does not. A separate entry on
 * purpose: Module Federation shares '@erp/ui' as one module that the shell loads at '/', so what only
 * the remotes need stays out of it (and out of the shell's budget). The remotes share this entry among
 * themselves as a singleton of its own (packages/web-build/shared.ts): the libraries behind it
 * (react-hook-form, TanStack Table and Virtual, Radix Tabs) arrive once per page, with the first remote.
 */
export { useUnsavedChanges } from './use-unsaved-changes';
export { FormSection, type FormSectionProps } from './form-section';
export { Fact, FactGrid, type FactGridProps, type FactProps } from './fact-grid';
export { LineEditor, lineContext, type LineEditorProps } from './line-editor';
export { ReasonDialog, type ReasonAnswer, type ReasonDialogProps } from './reason-dialog';
export { PageSkeleton } from './page-skeleton';
export { rootErrorBoundary } from './root-error-boundary';
export {
  lazyScreen,
  remoteRoutes,
  RemoteRouter,
  screenForPath,
  type RemoteSection,
  type ScreenPrefetch,
} from './remote-router';
export { CurrentUserContext, useCurrentUser } from './current-user';
export { remoteLifecycles } from './lifecycles';
export {
  FilterBar,
  ListPage,
  useListSearch,
  type ListAnswer,
  type ListPageProps,
  type ListQueryState,
  type ListSearch,
} from './list-page';
export {
  createDraftStore,
  draftKey,
  formDrafts,
  hasFormDraft,
  type DraftAddress,
  type DraftStore,
} from './form-kit/drafts';
export {
  DataTable,
  SortSelect,
  type Column,
  type DataTableProps,
  type ListSort,
  type SortSelectProps,
} from './data-table';
export { Tabs, type TabItem, type TabsProps } from './tabs';
export { Switch, type SwitchProps } from './switch';
export { ListSkeleton } from './list-skeleton';
export { SearchPicker, type PickerOption, type PickerSearch, type SearchPickerProps } from './search-picker';
export { DateInput, type DateInputProps } from './date-input';
export { isMissing, LoadFailure, type LoadFailureProps } from './load-failure';
