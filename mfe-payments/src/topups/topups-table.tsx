import { serverMessage } from 'shared/api/api-client';
import type { TopupRecord } from 'contract/payments';
import { formatDateTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';
import { useTopups } from '../api/get-topups';
import { RecordsTable } from 'shared/ui/records-table';
import { TopupType } from './topup-type';

const columns = [
  { header: 'Date', cell: (topup: TopupRecord) => formatDateTime(topup.createdAt) },
  { header: 'Type', cell: (topup: TopupRecord) => <TopupType topup={topup} /> },
  { header: 'Amount($)', cell: (topup: TopupRecord) => formatMoney(topup.amount), align: 'right' as const },
];

/** Topups History: only records with status 'completed' are listed. */
export function TopupsTable() {
  const topups = useTopups();
  return (
    <RecordsTable
      caption="Top-ups"
      columns={columns}
      rows={topups.data?.filter((topup) => topup.status === 'completed')}
      rowKey={(topup) => topup._id}
      isLoading={topups.isPending}
      error={topups.isError ? serverMessage(topups.error, 'Failed to load top-ups.') : null}
      emptyText="No top-ups yet."
    />
  );
}
