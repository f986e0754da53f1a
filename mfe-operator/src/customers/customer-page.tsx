import { SectionPlaceholder } from '../section-placeholder';

/** /operator/customers/:userId: one customer. */
export default function CustomerPage() {
  return <SectionPlaceholder title="Customer" />;
}
