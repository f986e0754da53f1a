import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import type { ReactNode } from 'react';
import { FromPrice } from './from-price';
import { sectionIds } from './landing-sections';
import { SectionHeading } from './section-heading';
import { useLandingActions } from './use-landing-actions';
import { TOPUP_RULES } from 'contract/limits';
import { REFUND_OFFLINE_WINDOW_HOURS } from 'contract/support-rules';

/**
 * A coin's sign drawn from a plain letter: many Linux fonts have no "₿" and would show an empty box, so
 * Bitcoin's sign is a B with its two strokes drawn above and below.
 */
function CoinIcon({ symbol, strokes, color }: { symbol: string; strokes: boolean; color: string }) {
  return (
    <Box component="svg" viewBox="0 0 40 40" aria-hidden="true" sx={{ width: 40, height: 40, flexShrink: 0 }}>
      <circle cx="20" cy="20" r="19" fill={color} />
      <text x="20" y="27" textAnchor="middle" fontSize="20" fontWeight="700" fill="#ffffff" fontFamily="system-ui, sans-serif">
        {symbol}
      </text>
      {strokes && (
        <g fill="#ffffff">
          <rect x="16.5" y="8" width="2" height="5" />
          <rect x="20.5" y="8" width="2" height="5" />
          <rect x="16.5" y="26" width="2" height="5" />
          <rect x="20.5" y="26" width="2" height="5" />
        </g>
      )}
    </Box>
  );
}

const coins = [
  { name: 'Bitcoin', ticker: 'BTC', symbol: 'B', strokes: true, color: '#c76a00' },
  { name: 'Litecoin', ticker: 'LTC', symbol: 'Ł', strokes: false, color: '#345d9d' },
];

const priceNotes: { key: string; note: ReactNode }[] = [
  { key: 'from', note: <>Proxies from <FromPrice kind="any" /> for 24 hours</> },
  { key: 'deposit', note: `Minimum deposit of $${TOPUP_RULES.firstMinimum} for a new user, all of it added to your balance` },
  { key: 'blacklist', note: '50% off if a proxy turns up on a blacklist' },
  { key: 'refund', note: `Refund if a proxy dies within ${REFUND_OFFLINE_WINDOW_HOURS} hours` },
];

/** Payments & Prices: 'Accepted cryptocurrencies' (Bitcoin, Litecoin) and Get Started (registration). */
export function PaymentsSection() {
  const { openRegister } = useLandingActions();
  return (
    <Box component="section" id={sectionIds.paymentsPrices} aria-labelledby="payments-heading" sx={{ scrollMarginTop: 64, outline: 'none' }}>
      <Box sx={{ maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 8, md: 12 } }}>
        <SectionHeading id="payments-heading" eyebrow="Simple billing" title="Payments & Prices">
          Top up your balance in cryptocurrency, then buy proxies one at a time or in bulk. No subscription.
        </SectionHeading>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
          <Card variant="outlined">
            <CardContent sx={{ p: { xs: 3, md: 4 } }}>
              <Typography variant="h3" sx={{ fontSize: 22, fontWeight: 700, mb: 3 }}>
                Accepted cryptocurrencies
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
                {coins.map((coin) => (
                  <Box component="li" key={coin.name} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <CoinIcon symbol={coin.symbol} strokes={coin.strokes} color={coin.color} />
                    <Box>
                      <Typography sx={{ fontWeight: 700 }}>{coin.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {coin.ticker}, credited to your balance once the network confirms it
                      </Typography>
                    </Box>
                  </Box>
                ))}
              </Box>
            </CardContent>
          </Card>
          <Card
            variant="outlined"
            sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main' }}
          >
            <CardContent sx={{ p: { xs: 3, md: 4 }, height: '100%', display: 'flex', flexDirection: 'column' }}>
              <Typography variant="h3" sx={{ fontSize: 22, fontWeight: 700, mb: 1 }}>
                Prices
              </Typography>
              <List dense disablePadding sx={{ mb: 3 }}>
                {priceNotes.map(({ key, note }) => (
                  <ListItem key={key} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32, color: 'inherit' }}>
                      <CheckCircleIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={note} slotProps={{ primary: { sx: { fontSize: 16 } } }} />
                  </ListItem>
                ))}
              </List>
              <Button
                variant="contained"
                size="large"
                onClick={openRegister}
                sx={{ mt: 'auto', alignSelf: 'flex-start', bgcolor: '#ffffff', color: '#1d2f8f', '&:hover': { bgcolor: '#e8ecff' } }}
              >
                Get Started
              </Button>
            </CardContent>
          </Card>
        </Box>
      </Box>
    </Box>
  );
}
