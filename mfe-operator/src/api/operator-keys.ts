// The console's query keys: under 'operator', apart from the customer pages' keys.
import type { AuditQuery } from 'contract/operator-audit';

export const operatorKeys = {
  customersRoot: ['operator', 'customers'] as const,
  customers: (text: string) => ['operator', 'customers', text] as const,
  customer: (userId: string) => ['operator', 'customer', userId] as const,
  auditRoot: ['operator', 'audit'] as const,
  audit: (filter: AuditQuery) => ['operator', 'audit', filter] as const,
};
