import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import { BrandMark } from './brand-mark';
import { NAV_HEIGHT_PX, sectionIds } from './landing-sections';
import { SectionLink } from './section-link';
import { useLandingActions } from './use-landing-actions';

const SectionMenu = lazy(() => import('./section-menu'));

const navLinks = [
  { section: sectionIds.features, label: 'Features' },
  { section: sectionIds.offers, label: 'Offers' },
  { section: sectionIds.paymentsPrices, label: 'Payments & Prices' },
  { section: sectionIds.contactUs, label: 'Contact us' },
];

/** Landing navigation: smooth-scroll anchors, Login or Logout; a menu on small screens. */
export function LandingNav() {
  const { signedIn, openLogin, logout, scrollTo } = useLandingActions();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = () => setMenuAnchor(null);

  const account = signedIn ? (
    <Button variant="outlined" onClick={logout}>
      Logout
    </Button>
  ) : (
    <Button variant="contained" onClick={openLogin}>
      Login
    </Button>
  );

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar
        component="nav"
        aria-label="Landing page"
        sx={{ width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', minHeight: NAV_HEIGHT_PX, gap: 1, px: { xs: 2, md: 4 } }}
      >
        <SectionLink section={sectionIds.home} onNavigate={scrollTo} color="inherit" underline="none" aria-label="Private Sock5, back to top">
          <BrandMark />
        </SectionLink>
        <Box sx={{ flexGrow: 1 }} />
        {/* Both layouts are in the page and CSS picks one, so the page rendered at build time (which knows no
            screen width) is already right on a phone: links and Login on wide screens, Login and a menu below md. */}
        <Box component="ul" sx={{ display: { xs: 'none', md: 'flex' }, gap: 3, listStyle: 'none', m: 0, p: 0, mr: 2 }}>
          {navLinks.map((link) => (
            <li key={link.section}>
              <SectionLink section={link.section} onNavigate={scrollTo} color="text.primary" sx={{ fontWeight: 500 }}>
                {link.label}
              </SectionLink>
            </li>
          ))}
        </Box>
        {account}
        <IconButton
          aria-label="Open section menu"
          aria-controls={menuAnchor ? 'landing-section-menu' : undefined}
          aria-haspopup="true"
          aria-expanded={Boolean(menuAnchor)}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        {menuAnchor && (
          <Suspense fallback={null}>
            <SectionMenu anchor={menuAnchor} links={navLinks} onClose={closeMenu} onNavigate={scrollTo} />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}
