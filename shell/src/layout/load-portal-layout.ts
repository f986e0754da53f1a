/**
 * The portal's frame (top bar, navigation, scroll button) as its own chunk. One function for the route's
 * lazy component and the start-up, so both ask webpack for the same chunk and it is fetched once.
 */
export const loadPortalLayout = () => import('./portal-layout');
