// Async boundary: lets Module Federation negotiate shared singletons before any of them is evaluated.
import('./bootstrap');
