import ChatIcon from '@mui/icons-material/Chat';
import MailIcon from '@mui/icons-material/Mail';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink } from 'shared/routing/router';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import { BrandMark } from './brand-mark';
import { sectionIds } from './landing-sections';
import { SectionLink } from './section-link';
import { useLandingActions } from './use-landing-actions';

/** Our own contact addresses (the footer shows an instant-messaging address and a support address). */
export const contacts = {
  jabber: 'support@jabber.privatesock5.example',
  email: 'support@privatesock5.example',
};

/** An address that may wrap only after its @ and dots, never inside a word. */
function Address({ text }: { text: string }) {
  return text.split(/(?<=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

const footerLinks = [
  { section: sectionIds.home, label: 'Home' },
  { section: sectionIds.features, label: 'Features' },
  { section: sectionIds.offers, label: 'Offers' },
  { section: sectionIds.paymentsPrices, label: 'Payments & Prices' },
];

// Light text on a deep background in both themes; contrast checked against WCAG AA.
const linkSx = { color: '#c9d1f5', '&:hover': { color: '#ffffff' } };

export function LandingFooter() {
  const { openLogin, openRegister, scrollTo } = useLandingActions();
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      id={sectionIds.contactUs}
      aria-labelledby="contact-heading"
      sx={{ scrollMarginTop: 64, outline: 'none', bgcolor: '#111733', color: '#e6e9f5' }}
    >
      <Box
        sx={{
          maxWidth: CONTENT_MAX_WIDTH,
          mx: 'auto',
          px: { xs: 2, md: 4 },
          pt: { xs: 6, md: 8 },
          pb: 3,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.4fr 1fr 1fr 1fr' },
          gap: 4,
        }}
      >
        <Box>
          <BrandMark inverted />
          <Typography sx={{ mt: 2, color: '#c9d1f5', maxWidth: 320 }}>
            Private SOCKS5 proxies for 24 hours: mobile LTE, residential and datacenter, in 190+ countries and regions.
          </Typography>
        </Box>
        <Box>
          <Typography id="contact-heading" variant="h2" sx={{ fontSize: 16, fontWeight: 700, mb: 2 }}>
            Contact us
          </Typography>
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <ChatIcon fontSize="small" aria-hidden="true" />
              <Typography variant="body2">
                Jabber:{' '}
                <Link href={`xmpp:${contacts.jabber}`} aria-label={contacts.jabber} sx={linkSx}>
                  <Address text={contacts.jabber} />
                </Link>
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <MailIcon fontSize="small" aria-hidden="true" />
              <Typography variant="body2">
                Support:{' '}
                <Link href={`mailto:${contacts.email}`} aria-label={contacts.email} sx={linkSx}>
                  <Address text={contacts.email} />
                </Link>
              </Typography>
            </Stack>
          </Stack>
        </Box>
        <Box component="nav" aria-label="Footer">
          <Typography variant="h2" sx={{ fontSize: 16, fontWeight: 700, mb: 2 }}>
            Explore
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {footerLinks.map((link) => (
              <li key={link.section}>
                <SectionLink section={link.section} onNavigate={scrollTo} sx={linkSx}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <Link component={RouterLink} to="/terms-and-conditions" underline="hover" sx={linkSx}>
                Terms
              </Link>
            </li>
          </Stack>
        </Box>
        <Box>
          <Typography variant="h2" sx={{ fontSize: 16, fontWeight: 700, mb: 2 }}>
            Your account
          </Typography>
          <Stack direction={{ xs: 'row', md: 'column' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
            <Button variant="outlined" onClick={openLogin} sx={{ color: '#ffffff', borderColor: '#8d9ad6' }}>
              Login
            </Button>
            <Button variant="contained" onClick={openRegister} sx={{ bgcolor: '#ffffff', color: '#1d2f8f', '&:hover': { bgcolor: '#e8ecff' } }}>
              Register
            </Button>
          </Stack>
        </Box>
      </Box>
      <Box sx={{ borderTop: '1px solid #2a3260' }}>
        <Typography
          variant="body2"
          sx={{ maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 2, md: 4 }, py: 2.5, color: '#c9d1f5' }}
          // The page is also rendered at build time: in a new year the browser's year replaces the built one.
          suppressHydrationWarning
        >
          © {year} Private Sock5. All rights reserved.
        </Typography>
      </Box>
    </Box>
  );
}
