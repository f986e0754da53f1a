import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Menu, MenuItem, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import { BrandMark } from './brand-mark';
import { NAV_HEIGHT_PX, sectionIds } from './landing-sections';
import { SectionLink } from './section-link';
import { useLandingActions } from './use-landing-actions';

const navLinks = [
  { section: sectionIds.features, label: 'Features' },
  { section: sectionIds.offers, label: 'Offers' },
  { section: sectionIds.paymentsPrices, label: 'Payments & Prices' },
  { section: sectionIds.contactUs, label: 'Contact us' },
];

/** Landing navigation: smooth-scroll anchors, Login or Logout; a menu on small screens. */
export function LandingNav() {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'));
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
        {compact ? (
          <>
            {account}
            <IconButton
              aria-label="Open section menu"
              aria-controls={menuAnchor ? 'landing-section-menu' : undefined}
              aria-haspopup="true"
              aria-expanded={Boolean(menuAnchor)}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <MenuIcon />
            </IconButton>
            <Menu id="landing-section-menu" anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={closeMenu}>
              {navLinks.map((link) => (
                <MenuItem
                  key={link.section}
                  component="a"
                  href={`#${link.section}`}
                  onClick={(event) => {
                    event.preventDefault();
                    closeMenu();
                    scrollTo(link.section);
                  }}
                >
                  {link.label}
                </MenuItem>
              ))}
            </Menu>
          </>
        ) : (
          <>
            <Box component="ul" sx={{ display: 'flex', gap: 3, listStyle: 'none', m: 0, p: 0, mr: 2 }}>
              {navLinks.map((link) => (
                <li key={link.section}>
                  <SectionLink section={link.section} onNavigate={scrollTo} color="text.primary" sx={{ fontWeight: 500 }}>
                    {link.label}
                  </SectionLink>
                </li>
              ))}
            </Box>
            {account}
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
