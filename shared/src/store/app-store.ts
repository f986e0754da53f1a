import { createStore } from 'jotai';

/**
 * The one jotai store of the composed portal. This module is a federation singleton, so the shell's
 * <Provider store={appStore}> and every remote read and write the same atoms; non-React code (the API
 * client's 401 hook, the socket) uses it directly.
 */
export const appStore = createStore();
