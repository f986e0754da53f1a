import BoltIcon from '@mui/icons-material/Bolt';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PaymentsIcon from '@mui/icons-material/Payments';
import SavingsIcon from '@mui/icons-material/Savings';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import { FromPrice } from './from-price';
import { sectionIds } from './landing-sections';
import { SectionHeading } from './section-heading';
import { REFUND_OFFLINE_WINDOW_HOURS } from 'contract/support-rules';

/** 'Our Features': six cards with the product's fixed titles; the copy carries the product's claims. */
export const features: { title: string; icon: ReactNode; text: ReactNode }[] = [
  {
    title: 'High quality Proxies',
    icon: <VerifiedUserIcon />,
    text: 'Mobile LTE proxies on cellular-provider IPs, residential proxies on home landline IPs and datacenter proxies on servers and VPS, in 190+ countries and regions.',
  },
  {
    title: 'Fast clean and stable proxies',
    icon: <BoltIcon />,
    text: 'The list is refreshed every second and our proxies are not blacklisted: 100% IP purity and anonymity. If a proxy turns up on a blacklist, you get 50% off.',
  },
  {
    title: 'Affordable Prices',
    icon: <SavingsIcon />,
    text: (
      <>
        Proxies start from <FromPrice kind="any" /> for 24 hours. You pay per proxy from your balance, with no subscription and nothing to cancel.
      </>
    ),
  },
  {
    title: 'Refunds and Support',
    icon: <SupportAgentIcon />,
    text: `If a proxy dies within ${REFUND_OFFLINE_WINDOW_HOURS} hours of purchase, you get a refund. Our support team answers every ticket from your account.`,
  },
  {
    title: 'Deposit',
    icon: <PaymentsIcon />,
    text: 'A minimum deposit of $50 for a new user, and the whole amount is added to your balance. Top up with Bitcoin or Litecoin.',
  },
  {
    title: 'Custom search',
    icon: <ManageSearchIcon />,
    text: 'Search filters by proxy type (LTE, Residential, Datacenter), state, city, zip, provider and domain find the exact exit you need.',
  },
];

export function FeaturesSection() {
  return (
    <Box component="section" id={sectionIds.features} aria-labelledby="features-heading" sx={{ scrollMarginTop: 64, outline: 'none' }}>
      <Box sx={{ maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 8, md: 12 } }}>
        <SectionHeading id="features-heading" eyebrow="Why Private Sock5" title="Our Features">
          Everything a proxy should be: private, clean, quick to find and fairly priced.
        </SectionHeading>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {features.map((feature) => (
            <li key={feature.title}>
              <Card variant="outlined" sx={{ height: '100%', transition: 'box-shadow 200ms', '&:hover': { boxShadow: 4 } }}>
                <CardContent sx={{ p: 3 }}>
                  <Box
                    aria-hidden="true"
                    sx={{
                      width: 48,
                      height: 48,
                      borderRadius: 2,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      mb: 2,
                    }}
                  >
                    {feature.icon}
                  </Box>
                  <Typography variant="h3" sx={{ fontSize: 20, fontWeight: 700, mb: 1 }}>
                    {feature.title}
                  </Typography>
                  <Typography color="text.secondary">{feature.text}</Typography>
                </CardContent>
              </Card>
            </li>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
