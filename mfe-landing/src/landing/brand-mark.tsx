import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product's mark: a shield with a socket plug, drawn inline so the page needs no image request. */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="svg" viewBox="0 0 32 32" sx={{ width: 32, height: 32, flexShrink: 0 }} aria-hidden="true">
        <path d="M16 2 4 7v8c0 7.4 5.1 13.3 12 15 6.9-1.7 12-7.6 12-15V7L16 2Z" fill={inverted ? '#ffffff' : '#3450d6'} />
        <path
          d="M12 11v4m8-4v4m-10 0h12v2a6 6 0 0 1-12 0v-2Zm6 8v3"
          stroke={inverted ? '#3450d6' : '#ffffff'}
          strokeWidth="2"
          strokeLinecap="round"
          fill="none"
        />
      </Box>
      <Typography component="span" sx={{ fontWeight: 800, fontSize: 20, letterSpacing: -0.3, whiteSpace: 'nowrap' }}>
        Private Sock5
      </Typography>
    </Box>
  );
}
