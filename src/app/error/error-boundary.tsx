// Last line of defence: any crash outside the router's own error handling shows the error screen.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorView } from './error-view';

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('panel crashed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorView /> : this.props.children;
  }
}
