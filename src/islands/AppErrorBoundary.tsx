import { Component, Suspense, lazy } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

/** The error screen is loaded only when something fails (spec §2: a lazily loaded error screen). */
const AppErrorScreen = lazy(() => import('./AppErrorScreen.tsx'));

type Props = { children: ReactNode };
type State = { failed: boolean };

/** Wraps an island: a render error shows the app error screen instead of a broken page, and is logged. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  /** Switches to the error screen. */
  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  /** Spec §8: app mount failures are logged as 'Error while mounting app'. */
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Error while mounting app', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <AppErrorScreen />
      </Suspense>
    );
  }
}
