import { Component, lazy, Suspense, use, useEffect, useLayoutEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { afterLoadWhenIdle } from 'shared/browser/idle';
import { PageSpinner } from 'shared/ui/page-spinner';
import { revealPage } from '../routing/first-view';
import { loadRemoteModule, preloadRemoteModules, reportRemoteOutcome } from './remote-registry';
import { UNAVAILABLE_MESSAGE, versionMismatchReason } from './version-mismatch';

export { UNAVAILABLE_MESSAGE };

// Loaded when a remote has failed: the panel's parts are not on the path of a page that works.
const RemoteFailurePanel = lazy(() => import('./remote-failure-panel'));

/**
 * When the panel's own code cannot load either (the network is gone), the same message and Retry in plain
 * markup: the failure stays inside the page instead of taking the whole portal down.
 */
class PlainFailurePanel extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" style={{ textAlign: 'center', padding: 32 }}>
        <h2>{UNAVAILABLE_MESSAGE}</h2>
        <p>The rest of the portal still works. Try again in a moment.</p>
        <button type="button" onClick={this.props.onRetry}>
          Retry
        </button>
      </div>
    );
  }
}

interface BoundaryProps {
  onRetry: () => void;
  /** The remote inside, when it comes from /remotes.json: its failure is reported to the API (the canary watch). */
  remote?: string;
  children: ReactNode;
}

/** Contains a remote that failed to load or crashed: its page shows a Retry panel, the rest of the portal keeps working. */
export class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean; reason: string | null }> {
  override state = { failed: false, reason: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, reason: versionMismatchReason(error) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('remote failed', error, info.componentStack);
    if (this.props.remote) reportRemoteOutcome(this.props.remote, 'failed');
    revealPage();
  }

  retry = () => {
    this.setState({ failed: false, reason: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PlainFailurePanel onRetry={this.retry}>
        <Suspense fallback={null}>
          <RemoteFailurePanel reason={this.state.reason} onRetry={this.retry} />
        </Suspense>
      </PlainFailurePanel>
    );
  }
}

type PageModule = { default: ComponentType };
export type RemoteLoader = (id: string, options: { afterFailure: boolean }) => Promise<PageModule>;

interface RemotePageProps {
  module: string;
  fallback?: ReactNode;
  loader?: RemoteLoader;
  /** Called once the page is on screen and working (its own effects have run). */
  onShown?: () => void;
}

function RemoteContent({ page, onShown }: { page: Promise<PageModule>; onShown?: () => void }) {
  const { default: Page } = use(page);
  // In the commit that puts the page on screen: its first view, if it came with one, goes in the same frame.
  useLayoutEffect(revealPage, []);
  useEffect(() => onShown?.(), [onShown]);
  return <Page />;
}

/**
 * What a page on screen loads later (a dialog, a part shown on a click) is fetched once the page has loaded
 * and the browser is idle, for every remote alike: the click then finds its code here. Not run until used.
 */
function preloadLaterParts(module: string): () => void {
  return afterLoadWhenIdle(() => void preloadRemoteModules([module], 'all').catch(() => undefined));
}

function RemoteMount({ module, fallback = <PageSpinner />, loader = loadRemoteModule<PageModule>, onShown }: RemotePageProps) {
  const [page, setPage] = useState(() => loader(module, { afterFailure: false }));
  // A page from another loader (tests, the dev harness) has no remote's files to fetch.
  const fromRemote = loader === loadRemoteModule;
  useEffect(() => (fromRemote ? preloadLaterParts(module) : undefined), [fromRemote, module]);
  return (
    <RemoteErrorBoundary remote={fromRemote ? module.split('/')[0] : undefined} onRetry={() => setPage(loader(module, { afterFailure: true }))}>
      <Suspense fallback={fallback}>
        <RemoteContent page={page} onShown={onShown} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** Mounts one exposed page of a remote, lazily, inside Suspense and its own error boundary. */
export function RemotePage(props: RemotePageProps) {
  return <RemoteMount key={props.module} {...props} />;
}
