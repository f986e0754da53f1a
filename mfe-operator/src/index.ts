// Dev harness entry (webpack serve): the async boundary lets federation set up shared singletons first.
import('./dev-harness');
