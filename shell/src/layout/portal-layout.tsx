import Box from '@mui/material/Box';
import { Outlet } from 'shared/routing/router';
import { QueryProvider } from 'shared/ui/query-provider';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import { ScrollToTopButton, ScrollToTopOnNavigate } from './scroll-to-top';
import { TopBar } from './top-bar';

export function PortalLayout() {
  // The frame and its pages fetch; the query client comes with them (the landing page does not need it).
  return (
    <QueryProvider>
      <TopBar />
      <ScrollToTopOnNavigate />
      <Box component="main" sx={{ width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 1, sm: 2 }, py: 2 }}>
        <Outlet />
      </Box>
      <ScrollToTopButton />
    </QueryProvider>
  );
}
