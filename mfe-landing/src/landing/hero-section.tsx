import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import { FromPrice } from './from-price';
import { sectionIds } from './landing-sections';
import { useLandingActions } from './use-landing-actions';

const highlights = [
  { value: '190+', label: 'countries and regions' },
  { value: '100%', label: 'IP purity and anonymity' },
  { value: <FromPrice kind="any" />, label: 'from, for 24 hours' },
];

/** A network of exits around a globe: decoration only, drawn here so no artwork is borrowed. */
function NetworkGlobe() {
  const nodes = [
    [120, 70],
    [210, 110],
    [80, 170],
    [250, 200],
    [160, 240],
    [60, 100],
    [200, 40],
  ] as const;
  return (
    <Box component="svg" viewBox="0 0 320 300" aria-hidden="true" sx={{ width: '100%', maxWidth: 420, height: 'auto' }}>
      <defs>
        <radialGradient id="hero-globe" cx="40%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#8fa6ff" />
          <stop offset="100%" stopColor="#2438a8" />
        </radialGradient>
      </defs>
      <circle cx="160" cy="150" r="120" fill="url(#hero-globe)" opacity="0.95" />
      <g fill="none" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="1.5">
        <ellipse cx="160" cy="150" rx="120" ry="42" />
        <ellipse cx="160" cy="150" rx="120" ry="86" />
        <ellipse cx="160" cy="150" rx="45" ry="120" />
        <ellipse cx="160" cy="150" rx="90" ry="120" />
        <line x1="40" y1="150" x2="280" y2="150" />
        <line x1="160" y1="30" x2="160" y2="270" />
      </g>
      <g stroke="#4fd1a5" strokeWidth="2" strokeDasharray="4 4">
        {nodes.slice(1).map(([x, y], index) => (
          <line key={`${x}-${y}`} x1={nodes[index]?.[0]} y1={nodes[index]?.[1]} x2={x} y2={y} />
        ))}
      </g>
      {nodes.map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <circle cx={x} cy={y} r="10" fill="#4fd1a5" opacity="0.25" />
          <circle cx={x} cy={y} r="5" fill="#ffffff" stroke="#0f8a62" strokeWidth="2" />
        </g>
      ))}
    </Box>
  );
}

/** Hero: 'Private Sock5', the claims, and the way in (Register). */
export function HeroSection() {
  const { openRegister, scrollTo } = useLandingActions();
  return (
    <Box
      component="section"
      id={sectionIds.home}
      aria-labelledby="hero-heading"
      sx={{
        background: (theme) =>
          theme.palette.mode === 'dark'
            ? 'linear-gradient(135deg, #18204a 0%, #0f1320 55%, #0d2a24 100%)'
            : 'linear-gradient(135deg, #eef1ff 0%, #f7f8fd 55%, #e7f8f1 100%)',
        scrollMarginTop: 64,
        outline: 'none',
      }}
    >
      <Box
        sx={{
          maxWidth: CONTENT_MAX_WIDTH,
          mx: 'auto',
          px: { xs: 2, md: 4 },
          py: { xs: 6, md: 10 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' },
          gap: { xs: 4, md: 6 },
          alignItems: 'center',
        }}
      >
        <Box>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1.5 }}>
            Private SOCKS5 proxies, 24 hours at a time
          </Typography>
          <Typography
            id="hero-heading"
            variant="h1"
            sx={{ fontSize: { xs: 40, sm: 56, md: 68 }, fontWeight: 800, letterSpacing: -1.5, lineHeight: 1.05, my: 2 }}
          >
            Private Sock5
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, maxWidth: 620 }}>
            Clean mobile LTE, residential and datacenter SOCKS5 proxies in 190+ countries and regions. 100% IP purity
            and anonymity: every proxy is yours alone for 24 hours, refreshed every second and never blacklisted.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
            <Button variant="contained" size="large" onClick={openRegister} sx={{ px: 4 }}>
              Register
            </Button>
            <Button variant="outlined" size="large" href={`#${sectionIds.offers}`} onClick={(event) => {
              event.preventDefault();
              scrollTo(sectionIds.offers);
            }}>
              See our proxies
            </Button>
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2, mt: 5, mb: 0, maxWidth: 560 }}
          >
            {highlights.map((item) => (
              <Box key={item.label} sx={{ m: 0 }}>
                <Typography component="dt" sx={{ fontSize: { xs: 24, sm: 30 }, fontWeight: 800, color: 'primary.main' }}>
                  {item.value}
                </Typography>
                <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                  {item.label}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <NetworkGlobe />
        </Box>
      </Box>
    </Box>
  );
}
