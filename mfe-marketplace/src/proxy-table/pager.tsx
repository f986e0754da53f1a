import { Box, Button } from '@mui/material';
import { pagerItems } from '../listing/pager';

/** Pager: Prev/Next around 10 page numbers with 2 margin pages at each end. */
export function Pager({ page, count, onChange }: { page: number; count: number; onChange: (page: number) => void }) {
  return (
    <Box component="nav" aria-label="Pages" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', py: 1 }}>
      <Button size="small" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Prev
      </Button>
      {pagerItems(page, count).map((item) =>
        item.kind === 'break' ? (
          <Box key={item.key} component="span" aria-hidden sx={{ px: 0.5 }}>
            …
          </Box>
        ) : (
          <Button
            key={item.page}
            size="small"
            variant={item.page === page ? 'contained' : 'text'}
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={`Page ${item.page}`}
            onClick={() => onChange(item.page)}
            sx={{ minWidth: 36 }}
          >
            {item.page}
          </Button>
        ),
      )}
      <Button size="small" disabled={page >= count} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Box>
  );
}
