import { Box, Link } from '@mui/material';
import type { SupportLinks as Links } from 'contract/support';
import { useSupportLinks } from '../api/tickets';

const LABELS: Record<keyof Links, string> = {
  onion: 'Onion site',
  messenger: 'Support chat',
  status: 'Service status',
};

/** The footer links the operator configured (onion mirror, messenger support, status page); none is invented. */
export function SupportLinks() {
  const { data } = useSupportLinks();
  if (!data) return null;
  const keys: Array<keyof Links> = ['onion', 'messenger', 'status'];
  const links = keys.flatMap((key) => {
    const href = data[key];
    return href === null ? [] : [{ key, href }];
  });
  if (links.length === 0) return null;
  return (
    <Box component="nav" aria-label="Other ways to reach support" sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 4 }}>
      {links.map(({ key, href }) => (
        <Link key={key} href={href} target="_blank" rel="noopener noreferrer">
          {LABELS[key]}
        </Link>
      ))}
    </Box>
  );
}
