// The console's sections, in the order of its navigation. Each section is one page file under src/<section>/
// (its own sub-routes inside it), so a section can be built without touching the others.
export const sections = [
  { label: 'Customers', path: 'customers' },
  { label: 'Inventory', path: 'inventory' },
  { label: 'Money', path: 'money' },
  { label: 'Leases', path: 'leases' },
  { label: 'Audit', path: 'audit' },
] as const;
