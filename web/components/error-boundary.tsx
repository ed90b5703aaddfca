import { Component, type ReactNode } from "react";

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What shows instead of `children` once they threw; `retry` renders them again. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  /** A new value (the next navigation) clears a shown failure, so the next screen renders normally. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  // Wrapped: anything can be thrown, undefined included.
  failure: { error: unknown } | null;
  resetKey: unknown;
}

/**
 * Catches what `children` throw while rendering (a failed lazy chunk included), so one broken screen does not
 * unmount the whole app. React needs a class for this.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  private readonly retry = () => this.setState({ failure: null });

  render() {
    return this.state.failure ? this.props.fallback(this.state.failure.error, this.retry) : this.props.children;
  }
}
