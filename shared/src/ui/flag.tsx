import Box from '@mui/material/Box';
import { flagUrl } from 'shared/format/flag-url';

/** A country's flag as a small image, named for screen readers by its country. */
export function Flag({ code, country }: { code: string; country: string }) {
  const url = flagUrl(code);
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={`${country} flag`}
      width={20}
      height={15}
      loading="lazy"
      sx={{ display: 'inline-block', verticalAlign: 'middle', flexShrink: 0, borderRadius: '2px', boxShadow: '0 0 0 1px rgba(0,0,0,0.12)' }}
    />
  );
}
