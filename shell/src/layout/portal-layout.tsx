import Box from '@mui/material/Box';
import { Outlet } from 'shared/routing/router';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import { ScrollToTopButton, ScrollToTopOnNavigate } from './scroll-to-top';
import { TopBar } from './top-bar';

export function PortalLayout() {
  return (
    <>
      <TopBar />
      <ScrollToTopOnNavigate />
      <Box component="main" sx={{ width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 1, sm: 2 }, py: 2 }}>
        <Outlet />
      </Box>
      <ScrollToTopButton />
    </>
  );
}
