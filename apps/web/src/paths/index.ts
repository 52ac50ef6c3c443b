// Route names, path patterns and link builders: a leaf any layer of the web app may import.
export type { LinkableRouteName, QueryInit, RouteName, RouteParams } from './route-paths';
export { ROUTE_PATHS, routePath } from './route-paths';
export type { LegalPageName } from './links';
export { paths } from './links';
