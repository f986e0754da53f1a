import { SectionPlaceholder } from '../section-placeholder';

/** /operator/audit: the operator audit log. */
export default function AuditPage() {
  return <SectionPlaceholder title="Audit" />;
}
