import { Alert } from '@mui/material';
import type { TicketProxy, TicketRefund } from 'contract/support';
import { formatDateTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';

/** The purchase a refund ticket names, and whether it was refunded. */
export function TicketProxyNote({ proxy, refund }: { proxy: TicketProxy | null; refund: TicketRefund | null }) {
  if (!proxy) return null;
  const bought = `Proxy ${proxy.ip} (${proxy.country}), bought ${formatDateTime(proxy.purchasedAt)} for ${formatMoney(proxy.price)}.`;
  return refund ? (
    <Alert severity="success">
      {bought} Refunded {formatMoney(refund.amount)} on {formatDateTime(refund.createdAt)}.
    </Alert>
  ) : (
    <Alert severity="info">{bought}</Alert>
  );
}
