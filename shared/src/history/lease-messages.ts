import type { LeaseEvent } from 'contract/realtime';
import { formatDayMonthTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';

/** The toast for a lease event from the server (a renewal, a failed one, a wait, an end, its exit down). */
export function leaseEventMessage(event: LeaseEvent): { text: string; variant: 'success' | 'warning' | 'info' } {
  switch (event.kind) {
    case 'renewed':
      return { text: `Proxy ${event.real_ip} renewed until ${formatDayMonthTime(event.expires_at)}`, variant: 'success' };
    case 'renewal-failed':
      return { text: `Proxy ${event.real_ip} was not renewed: your balance is too low. Auto-renewal is off.`, variant: 'warning' };
    case 'waiting':
      return { text: `Proxy ${event.real_ip} is offline: it will be renewed once it is back online`, variant: 'info' };
    case 'ended':
      return { text: `Proxy ${event.real_ip} has expired`, variant: 'info' };
    case 'down':
      return {
        text: `Proxy ${event.real_ip} is down since ${formatDayMonthTime(event.down_since ?? event.expires_at)}; we are checking it every ${event.check_interval_s ?? 60} s`,
        variant: 'warning',
      };
    case 'refunded':
      return {
        text: `Proxy ${event.real_ip} went down within 2 hours of purchase: ${formatMoney(event.amount ?? 0)} refunded to your balance`,
        variant: 'info',
      };
    case 'moved':
      return { text: `Proxy ${event.real_ip} has moved: its exit is now in ${event.location ?? 'another place'}`, variant: 'warning' };
    case 'credited':
      return {
        text: `Proxy ${event.real_ip} turned up on a Spamhaus blacklist: ${formatMoney(event.amount ?? 0)} (50%) credited to your balance`,
        variant: 'info',
      };
    case 'replaced':
      return { text: `Your dead proxy was replaced free of charge: it now leaves through ${event.real_ip}, same port and login:pass`, variant: 'success' };
  }
}
