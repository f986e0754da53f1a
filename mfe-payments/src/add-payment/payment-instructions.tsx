import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'shared/routing/router';
import { TOPUP_CREDIT_WAIT_HOURS, TOPUP_RULES } from 'contract/limits';
import { formatMoney } from 'shared/format/money';

/** Payment instructions: coins accepted, the first-deposit rule, what to do if nothing arrives. */
export function PaymentInstructions() {
  return (
    <section aria-labelledby="payment-instructions-heading">
      <Typography id="payment-instructions-heading" variant="h6" component="h2" gutterBottom>
        Payment instructions
      </Typography>
      <List dense sx={{ listStyleType: 'disc', pl: 3, '& .MuiListItem-root': { display: 'list-item', pl: 0 } }}>
        <ListItem>We accept Bitcoin (BTC) and Litecoin (LTC) only.</ListItem>
        <ListItem>
          The minimum deposit for a new user is {formatMoney(TOPUP_RULES.firstMinimum)}; the amount is added to your
          balance. After your first top-up the minimum is {formatMoney(TOPUP_RULES.minimum)}, and one payment can be at
          most {formatMoney(TOPUP_RULES.maximum)}.
        </ListItem>
        <ListItem>
          Pay Now takes you to the checkout, where you choose the coin and see the address and amount to send. Your
          balance updates by itself once the payment is confirmed.
        </ListItem>
        <ListItem>
          If a payment is not credited within {TOPUP_CREDIT_WAIT_HOURS} hours, please{' '}
          <Link component={RouterLink} to="/support/new">
            open a support ticket
          </Link>
          .
        </ListItem>
      </List>
    </section>
  );
}
