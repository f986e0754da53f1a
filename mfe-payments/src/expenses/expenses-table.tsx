import { serverMessage } from 'shared/api/api-client';
import type { ExpenseRecord } from 'contract/payments';
import { formatDateTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';
import { useExpenses } from '../api/get-expenses';
import { PaymentsTable } from '../payments-table';

const columns = [
  { header: 'Date', cell: (expense: ExpenseRecord) => formatDateTime(expense.added_timestamp) },
  { header: 'IP', cell: (expense: ExpenseRecord) => `Buy ip: ${expense.proxy}` },
  { header: 'Price', cell: (expense: ExpenseRecord) => formatMoney(-expense.buy_price), align: 'right' as const },
];

/** Expenses History: what the balance paid for, each price shown negative. */
export function ExpensesTable() {
  const expenses = useExpenses();
  return (
    <PaymentsTable
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
