import Box from '@mui/material/Box';
import type { TopupCoin, TopupRecord } from 'contract/payments';

const COIN_NAMES: Record<TopupCoin, string> = { BTC: 'Bitcoin', LTC: 'Litecoin' };

/** A transaction id short enough for a table cell, its start and end kept: "3f2a9c1e…a1b2". */
export function shortTransactionId(id: string): string {
  return id.length <= 14 ? id : `${id.slice(0, 8)}…${id.slice(-4)}`;
}

/**
 * A top-up's Type: the coin and the paying transaction's id, shortened (the whole id on hover, for a block
 * explorer or a ticket). A top-up paid before either was recorded shows a dash.
 */
export function TopupType({ topup }: { topup: Pick<TopupRecord, 'coin' | 'transactionId'> }) {
  if (topup.coin === null || topup.transactionId === null) {
    return (
      <Box component="span" title="Paid before the coin and transaction were recorded">
        —
      </Box>
    );
  }
  return (
    // On a phone the id goes under the coin rather than widening the table.
    <Box component="span" title={`Transaction ${topup.transactionId}`}>
      {`${COIN_NAMES[topup.coin]} · `}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {shortTransactionId(topup.transactionId)}
      </Box>
    </Box>
  );
}
