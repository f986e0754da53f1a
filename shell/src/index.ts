// Async boundary: lets Module Federation negotiate shared singletons before any of them is evaluated. A
// browser turn first: starting the federation runtime and loading the start-up's shared modules are then two
// tasks, not one long one on a slow phone.
setTimeout(() => void import('./bootstrap'), 0);
