/** @erp/ui: the design system, formatting and navigation guards shared (as one instance) by the shell and remotes. */
export { theme, MOBILE_BREAKPOINT } from './theme';
export { GlobalStyle } from './global-style';
export { Button, buttonStyles, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export { LinkButton, type LinkButtonProps } from './link-button';
export { Input, PrefixedInput } from './input';
export { Textarea } from './textarea';
export { Select } from './select';
export { Checkbox, type CheckboxProps } from './checkbox';
export { Label } from './label';
export { Field, type FieldProps } from './field';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './card';
export { Badge, badgeShape, type BadgeProps, type BadgeVariant } from './badge';
export { TableContainer, Table, THead, TBody, Tr, Th, Td } from './table';
export { Dialog, DialogFooter, loadDialogs, type DialogProps } from './dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { Sheet, type SheetProps, type SheetSide } from './sheet';
export { Popover, loadPopover, type PopoverProps } from './popover';
export { toast, dismissToast, type ToastOptions, type ToastVariant } from './toast';
export { Toaster } from './toaster';
export { keepClear } from './overlays/keep-clear';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Skeleton } from './skeleton';
export { Spinner } from './spinner';
export { Pagination, type PaginationProps } from './pagination';
export { SearchInput, type SearchInputProps } from './search-input';
export { PageHeader, type PageHeaderProps } from './page-header';
export { ErrorPanel, type ErrorPanelProps } from './error-panel';
export { NotFound } from './not-found';
export { Icon, isIconName, type IconName, type IconProps } from './icon';
export {
  formatINR,
  formatNumber,
  formatDate,
  formatDateShort,
  formatDateTime,
  formatRelative,
} from './format';
export { useMediaQuery, useIsMobile } from './use-media-query';
export { useDebouncedValue } from './use-debounced-value';
export {
  AppRouter,
  canLeave,
  addNavigationGuard,
  navigateOutsideRouter,
  useQueryParams,
  withParams,
  type NavigateOptions,
  type NavigationGuard,
} from './navigation';
/**
 * The part of react-router-dom the apps use, from this one shared instance (each app has its own
 * router; they must share the library for links and guards to work across them).
 */
export {
  matchRoutes,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type Params,
  type RouteObject,
} from 'react-router-dom';
export { Link, type LinkProps } from './link';
export { useNavigationGuard } from './use-navigation-guard';
