/**
 * @erp/ui/remote: pieces every remote (mfe-*) uses and the shell does not. A separate entry on
 * purpose: Module Federation shares '@erp/ui' as one module that the shell loads at '/', so what only
 * the remotes need stays out of it (and out of the shell's budget). The remotes share this entry among
 * themselves as a singleton of its own (packages/web-build/shared.ts): the libraries behind it
 * (react-hook-form, TanStack Table and Virtual, Radix Tabs) arrive once per page, with the first remote.
 */
export { useUnsavedChanges } from './use-unsaved-changes';
export { FieldGrid, FormSection, type FormSectionProps } from './form-section';
export { SectionCard, TextsCard, type SectionCardProps, type TextsCardProps } from './section-card';
export { Fact, FactGrid, type FactGridProps, type FactProps } from './fact-grid';
export { LineEditor, lineContext, LineItemName, NoLines, type LineEditorProps } from './line-editor';
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
  activeFilters,
  asListAnswer,
  FilterBar,
  ListPage,
  useListFilters,
  useListSearch,
  type FilterParsers,
  type FilterValues,
  type ListAnswer,
  type ListCreate,
  type ListPageProps,
  type ListQueryState,
  type ListSearch,
  type ListSearchOptions,
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
export { listQueryHook, pageWindow, parseChoice } from './list-query';
export {
  ChoiceFilter,
  FilterTabsRow,
  ProjectChoiceFilter,
  projectChoiceLabel,
  type ChoiceFilterProps,
  type FilterChoice,
  type ProjectChoice,
  type ProjectChoiceFilterProps,
} from './list-filters';
export {
  CellLink,
  CodeText,
  Figure,
  MutedText,
  NameWithCode,
  Nowrap,
  RowAction,
  RowActions,
  RowName,
  Strong,
  TwoLines,
  type RowActionProps,
  type RowActionSpec,
  type RowActionsProps,
} from './list-cells';
export { SearchPicker, type PickerOption, type PickerSearch, type SearchPickerProps } from './search-picker';
export { DateInput, type DateInputProps } from './date-input';
export { isMissing, isNotFound, LoadFailure, type LoadFailureProps } from './load-failure';
export { Banner, StickyBar, stickyBarOnTopOnPhones, type BannerTone } from './bars';
export { DialogForm } from './dialog-form';
