import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

/** Rows the laptop's screen shows for an offer: documentation-range addresses, never real ones. */
export interface ScreenRow {
  ip: string;
  place: string;
  speed: string;
}

/** A laptop drawn in SVG whose screen lists a few proxies of the selected kind. Decorative: its text is also on the page. */
export function LaptopIllustration({ heading, rows }: { heading: string; rows: ScreenRow[] }) {
  const theme = useTheme();
  const accent = theme.palette.primary.main;
  return (
    <Box component="svg" viewBox="0 0 480 320" aria-hidden="true" sx={{ width: '100%', maxWidth: 560, height: 'auto', display: 'block' }}>
      <defs>
        <linearGradient id="laptop-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#d9dde8" />
          <stop offset="100%" stopColor="#aeb4c5" />
        </linearGradient>
      </defs>
      {/* lid */}
      <rect x="60" y="16" width="360" height="236" rx="14" fill="#1d2233" />
      <rect x="74" y="30" width="332" height="206" rx="4" fill="#0f1320" />
      <circle cx="240" cy="23" r="2.5" fill="#3a4156" />
      {/* screen content */}
      <rect x="74" y="30" width="332" height="28" fill={accent} />
      <circle cx="90" cy="44" r="4" fill="#ffffff" opacity="0.8" />
      <circle cx="104" cy="44" r="4" fill="#ffffff" opacity="0.5" />
      <text x="120" y="49" fill="#ffffff" fontSize="13" fontFamily="system-ui, sans-serif" fontWeight="700">
        {heading}
      </text>
      {rows.map((row, index) => {
        const y = 82 + index * 38;
        return (
          <g key={row.ip} fontFamily="ui-monospace, monospace" fontSize="12">
            <rect x="86" y={y - 18} width="308" height="30" rx="6" fill="#171c2e" />
            <circle cx="100" cy={y - 3} r="5" fill="#4fd1a5" />
            <text x="112" y={y + 1} fill="#e6e9f5">
              {row.ip}
            </text>
            <text x="236" y={y + 1} fill="#9aa3bf">
              {row.place}
            </text>
            <text x="388" y={y + 1} fill="#4fd1a5" textAnchor="end">
              {row.speed}
            </text>
          </g>
        );
      })}
      {/* base */}
      <path d="M20 256h440l-18 34a10 10 0 0 1-9 6H47a10 10 0 0 1-9-6Z" fill="url(#laptop-body)" />
      <rect x="200" y="256" width="80" height="8" rx="4" fill="#8b92a6" />
    </Box>
  );
}
