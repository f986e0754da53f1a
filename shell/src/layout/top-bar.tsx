import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'shared/routing/router';
import { useCurrentUser } from 'shared/api/users';
import { isAuthenticatedAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { formatMoney } from 'shared/format/money';
import { themeModeAtom, toggleThemeAtom } from 'shared/theme/theme-atoms';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import { navItems, operatorNavItem } from './nav-items';
import { TestModeChip } from './test-mode-chip';

/**
 * A hint under a button while it is hovered or focused from the keyboard, drawn like MUI's tooltip, in CSS
 * alone: MUI's Tooltip would bring its positioning engine (Popper, a fifth of the frame's code) into the
 * first paint of every signed-in page for this one hint. It opens towards the left, so at the bar's right
 * edge it stays on screen.
 */
function HoverHint({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'relative',
        display: 'inline-flex',
        // Hover only where there is a pointer that hovers: after a tap on a phone, :hover would stay on.
        '@media (hover: hover)': { '&:hover > [data-hint]': { opacity: 1, transitionDelay: '100ms' } },
        '&:has(:focus-visible) > [data-hint]': { opacity: 1, transitionDelay: '100ms' },
      }}
    >
      {children}
      {/* For the eye only: the button's own label already names what it does. */}
      <Box
        data-hint=""
        aria-hidden
        sx={{
          position: 'absolute',
          top: '100%',
          right: 0,
          mt: 0.5,
          px: 1,
          py: 0.5,
          borderRadius: '4px',
          bgcolor: 'rgba(97, 97, 97, 0.92)',
          color: 'common.white',
          fontSize: '0.6875rem',
          fontWeight: 500,
          lineHeight: 1.4,
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          opacity: 0,
          transition: 'opacity 150ms',
          zIndex: 'tooltip',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

function UserSummary() {
  const { data, isPending, error } = useCurrentUser();
  if (isPending) return <CircularProgress size={20} aria-label="Loading user" color="inherit" />;
  if (error) return <Typography color="error">Error: {error.message}</Typography>;
  return (
    // minWidth 0 lets a long username shorten to an ellipsis instead of pushing the theme toggle off a phone.
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Typography component="span" data-testid="balance" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {formatMoney(data.balance)}
      </Typography>
      <Button
        component={Link}
        to="/user-profile"
        color="inherit"
        data-testid="username"
        title={data.username}
        sx={{ minWidth: 0, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {data.username}
      </Button>
    </Box>
  );
}

/** A visitor on a public page (the terms) can log in or register from the bar, as on the landing page. */
function VisitorActions() {
  const setDialog = useSetAtom(authDialogAtom);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>
      <Button color="inherit" size="small" onClick={() => setDialog('login')}>
        Login
      </Button>
      <Button variant="contained" size="small" onClick={() => setDialog('register')}>
        Register
      </Button>
    </Box>
  );
}

export function TopBar() {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const location = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.pathname;
  const setMenuOpen = (toggle: (open: boolean) => boolean) => setMenuOpenAt(toggle(menuOpen) ? location.pathname : null);
  const signedIn = useAtomValue(isAuthenticatedAtom);
  const mode = useAtomValue(themeModeAtom);
  const toggleTheme = useSetAtom(toggleThemeAtom);
  // Operators also get the console's entry; the role comes with the signed-in user, so others never see it.
  const roles = useCurrentUser().data?.roles;
  const items = signedIn && roles?.includes('operator') ? [...navItems, operatorNavItem] : navItems;

  const links = items.map((item) =>
    mobile ? (
      <ListItemButton key={item.to} component={NavLink} to={item.to} selected={location.pathname.startsWith(item.to)}>
        <ListItemText primary={item.label} />
      </ListItemButton>
    ) : (
      <Button
        key={item.to}
        component={NavLink}
        to={item.to}
        color="inherit"
        sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
      >
        {item.label}
      </Button>
    ),
  );

  return (
    <AppBar position="sticky" color="default" elevation={1}>
      <Toolbar sx={{ width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', gap: 1 }}>
        {mobile && signedIn && (
          <IconButton aria-label="Open navigation menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
            <MenuIcon />
          </IconButton>
        )}
        {/* One line on a phone: a smaller name, never wrapped (the balance and user name give way first). */}
        <Typography
          component={Link}
          to="/"
          variant="h6"
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, mr: { xs: 0.5, sm: 2 }, flexShrink: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
        >
          Private Sock5
        </Typography>
        {!mobile && signedIn && (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5 }}>
            {links}
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {signedIn && !mobile && <TestModeChip />}
        {signedIn && !mobile && <UserSummary />}
        {!signedIn && <VisitorActions />}
        <HoverHint text={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
          <IconButton aria-label="Toggle light/dark theme" onClick={toggleTheme}>
            {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </HoverHint>
      </Toolbar>
      {/* On a phone the balance and the whole user name get a line of their own under the bar. */}
      {mobile && signedIn && (
        // One height while the user loads (a spinner) and after (the name), so the page below never moves.
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: 40, px: 2, minWidth: 0 }} data-testid="user-strip">
          <UserSummary />
        </Box>
      )}
      {mobile && signedIn && <TestModeChip variant="strip" />}
      {mobile && signedIn && (
        <Collapse in={menuOpen}>
          <List component="nav" aria-label="Main">
            {links}
          </List>
        </Collapse>
      )}
    </AppBar>
  );
}
