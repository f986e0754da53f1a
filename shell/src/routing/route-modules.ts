// Which exposed remote module each route renders, from the workspace's remotes manifest: the route table,
// and the remote to start fetching before the first render.
import remotesManifest from '../../../remotes.manifest.json';

/** `operator`: signed in and holding the operator role; anyone else signed in sees the shell's 403 page. */
type Access = 'visitor' | 'signed-in' | 'public' | 'operator';

/** The routes every remote serves; each page is an exposed module (`history/HistoryPage`). */
const manifestRoutes = remotesManifest.remotes.flatMap(({ name, routes }) =>
  routes.map(({ path, module, access }) => ({ path, module: `${name}/${module}`, access: access as Access })),
);
const routesWith = (access: Access) => manifestRoutes.filter((route) => route.access === access);

/** Pages behind sign-in: a visitor is sent to the landing page with the login dialog. */
export const protectedPages = routesWith('signed-in');
/** Pages of staff with the operator role: behind sign-in, and the shell checks the role before loading the remote. */
export const operatorPages = routesWith('operator');
/** Pages anyone may open, e.g. the emailed reset-password link, which works for a signed-out visitor. */
export const publicPages = routesWith('public');
const visitorHome = routesWith('visitor').find((route) => route.path === '/');
if (!visitorHome) throw new Error('remotes.manifest.json names no visitor page for /');
export const LANDING_MODULE = visitorHome.module;
/** Where a signed-in visitor of `/` goes. */
const AFTER_LOGIN_PATH = '/dashboard';

/** Route patterns as the router reads them: `:param` is one segment, a trailing `*` the rest. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.at(-1) === '*') return have.length >= want.length - 1 && want.slice(0, -1).every((part, i) => part.startsWith(':') || part === have[i]);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

const moduleFor = (pages: typeof manifestRoutes, pathname: string) =>
  pages.find((page) => matchesRoute(page.path, pathname))?.module ?? null;

/** The remote module the page at `pathname` shows first, or null (a redirect, or no remote at all). */
export function firstRemoteModule(pathname: string, signedIn: boolean): string | null {
  if (pathname === '/') return signedIn ? moduleFor(protectedPages, AFTER_LOGIN_PATH) : LANDING_MODULE;
  return moduleFor(publicPages, pathname) ?? (signedIn ? (moduleFor(protectedPages, pathname) ?? moduleFor(operatorPages, pathname)) : null);
}

/** Whether the first page is a remote's page in the portal's frame (not the landing page, a redirect or a 404). */
export function firstPageHasFrame(pathname: string, signedIn: boolean): boolean {
  const module = firstRemoteModule(pathname, signedIn);
  return module !== null && module !== LANDING_MODULE;
}

/** The signed-in pages one click away (the top bar's links): worth fetching when idle. Operator pages are not:
 * a customer never needs their code. */
export const signedInNextModules: readonly string[] = [...new Set(protectedPages.map((page) => page.module))];
