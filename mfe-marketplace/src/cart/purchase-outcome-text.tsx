import Link from '@mui/material/Link';
import { Link as RouterLink } from 'shared/routing/router';
import { INSUFFICIENT_FUNDS_MESSAGE } from '../api/buy-proxies';

/** A purchase's outcome as an alert's text; short of funds, it links to Payments, where the balance is topped up. */
export function PurchaseOutcomeText({ text }: { text: string }) {
  return (
    <>
      {text}
      {text === INSUFFICIENT_FUNDS_MESSAGE && (
        <>
          {' '}
          <Link component={RouterLink} to="/payments">
            Top up your balance in Payments
          </Link>
        </>
      )}
    </>
  );
}
