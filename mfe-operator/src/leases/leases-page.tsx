import { SectionPlaceholder } from '../section-placeholder';

/** /operator/leases/*: the leases section of the console. */
export default function LeasesPage() {
  return <SectionPlaceholder title="Leases" />;
}
