import { ErrorPanel } from '@erp/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** A crash in a team screen stays inside the content area and can be retried in place. */
export class RootErrorBoundary<P extends object> extends Component<P & { children?: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('mfe_team crashed', error, info.componentStack);
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
}
