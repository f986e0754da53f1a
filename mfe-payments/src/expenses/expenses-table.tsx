import { serverMessage } from 'shared/api/api-client';
import type { ExpenseRecord } from 'contract/payments';
import { formatDateTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';
import { useExpenses } from '../api/get-expenses';
import { RecordsTable } from 'shared/ui/records-table';

/** A purchase reads 'Buy ip: ' plus the proxy; an auto-renewal names itself, so the customer sees why it was charged. */
export function expenseLabel(expense: Pick<ExpenseRecord, 'kind' | 'proxy'>): string {
  return `${expense.kind === 'renewal' ? 'Renew ip: ' : 'Buy ip: '}${expense.proxy}`;
}

const columns = [
  { header: 'Date', cell: (expense: ExpenseRecord) => formatDateTime(expense.added_timestamp) },
  { header: 'IP', cell: expenseLabel },
  { header: 'Price', cell: (expense: ExpenseRecord) => formatMoney(-expense.buy_price), align: 'right' as const },
];

/** Expenses History: what the balance paid for, each price shown negative. */
export function ExpensesTable() {
  const expenses = useExpenses();
  return (
    <RecordsTable
      caption="Expenses"
      columns={columns}
      rows={expenses.data}
      rowKey={(expense) => expense.id}
      isLoading={expenses.isPending}
      error={expenses.isError ? serverMessage(expenses.error, 'Failed to load expenses.') : null}
      emptyText="No expenses yet."
    />
  );
}
