import { Component, type ReactNode } from 'react';

/**
 * The error page (docs/product/errors.md): if showing it fails, the fallback shows instead.
 * React Router's error boundaries catch errors of routes; this one catches an error of the
 * error page itself, which would otherwise leave the shopper with a blank screen.
 */
export class ErrorPageGuard extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('the error page failed', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
