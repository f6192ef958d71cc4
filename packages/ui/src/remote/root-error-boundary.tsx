import { ErrorPanel } from '@erp/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * The error boundary a remote hands to single-spa-react (`errorBoundaryClass`): a crash in one of its
 * screens stays inside the content area and can be retried in place. `appName` (e.g. 'mfe_team') goes
 * into the console message.
 */
export function rootErrorBoundary(appName: string) {
  return class RootErrorBoundary<P extends object> extends Component<P & { children?: ReactNode }, State> {
    override state: State = { error: null };

    static getDerivedStateFromError(error: Error): State {
      return { error };
    }

    override componentDidCatch(error: Error, info: ErrorInfo): void {
      console.error(`${appName} crashed`, error, info.componentStack);
    }

    override render() {
      if (this.state.error) {
        return (
          <ErrorPanel
            title="This screen stopped working"
            message={this.state.error.message || 'An unexpected error occurred.'}
            onRetry={() => this.setState({ error: null })}
          />
        );
      }
      return this.props.children;
    }
  };
}
