import { SectionPlaceholder } from '../section-placeholder';

/** /operator/customers: search customers by username or e-mail. */
export default function CustomersPage() {
  return <SectionPlaceholder title="Customers" />;
}
