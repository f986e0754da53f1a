import { Box, Link, Paper, Typography } from '@mui/material';
import { BuildLabel } from 'shared/ui/build-label';
import { PageSpinner, useDelayElapsed } from 'shared/ui/page-spinner';
import { scrollToSection } from '../scroll/smooth-scroll';
import { termsSections } from './terms-sections';

/** The shell's sticky top bar sits above the page; sections stop below it. */
const TOP_BAR_OFFSET_PX = 80;

/** Terms (`/terms-and-conditions`): a 1.5 s spinner, then the contents and ten sections. */
export default function TermsPage() {
  const ready = useDelayElapsed();
  return (
    <Box component="article" aria-labelledby="terms-heading" sx={{ maxWidth: 960, mx: 'auto', py: { xs: 2, md: 4 } }}>
      <Typography id="terms-heading" variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        Terms and Conditions
      </Typography>
      {!ready ? (
        <PageSpinner label="Loading terms" />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            The rules of Private Sock5: what you may do with our proxies, how billing and refunds work, and how we look
            after your account.
          </Typography>
          <Paper component="nav" variant="outlined" aria-labelledby="terms-contents" sx={{ p: { xs: 2, md: 3 }, mb: 4 }}>
            <Typography id="terms-contents" variant="h6" component="h2" sx={{ mb: 1 }}>
              Contents
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 3, columns: { xs: 1, sm: 2 }, '& li': { py: 0.5, breakInside: 'avoid' } }}>
              {termsSections.map((section) => (
                <li key={section.id}>
                  <Link
                    href={`#${section.id}`}
                    underline="hover"
                    onClick={(event) => {
                      event.preventDefault();
                      scrollToSection(section.id, { offset: TOP_BAR_OFFSET_PX });
                    }}
                  >
                    {section.title}
                  </Link>
                </li>
              ))}
            </Box>
          </Paper>
          {termsSections.map((section, index) => (
            <Box
              component="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              sx={{
                scrollMarginTop: TOP_BAR_OFFSET_PX,
                mb: 4,
                outline: 'none',
                '& p, & li, & dd': { color: 'text.secondary', lineHeight: 1.7 },
                '& dt': { fontWeight: 700, mt: 1.5 },
                '& dd': { ml: 0 },
                '& ul': { pl: 3 },
              }}
            >
              <Typography id={`${section.id}-heading`} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {index + 1}. {section.title}
              </Typography>
              {section.body}
            </Box>
          ))}
        </>
      )}
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </Box>
  );
}
