
// Tables that fit every screen. The wrapper is a size container; when its own width (not the window's: a
// side panel narrows it too) falls below the table's natural width, each row becomes a card: the lead cell
// (what the row is), the price and the main action on the first line, the other cells below it with their
// column name as a small label. The header's filters wrap onto as many lines as they need. Nothing scrolls
// sideways, neither the page nor the table.
//
// Cells say their part with `data-card` (see CARD) and their column name with `data-label`.

/** A cell's part in the card. */
export const CARD = {
  /** What the row is (address, flag): first, takes the free room of the first line. */
  lead: 'lead',
  /** The price: first line, right of the lead. */
  price: 'price',
  /** The row's main action (cart, copy): first line, last. */
  action: 'action',
  /** A detail: half a line, with its label. */
  detail: 'detail',
  /** A long detail (the proxy string, a location): a whole line, with its label. */
  wide: 'wide',
  /** Shown in the table only (a header cell with nothing to offer on a card). */
  tableOnly: 'table-only',
} as const;

/**
 * The wrapper's styles: a size container, and the card layout below `cardsBelow` px of its width. On cards
 * the header's cells wrap as a grid of controls (sort label, filter), each under its `data-label`.
 */
export function cardTableSx(cardsBelow: number) {
  return {
    containerType: 'inline-size',
    minWidth: 0,
    [`@container (max-width: ${cardsBelow - 0.02}px)`]: {
      // The page scrolls, not a box inside it.
      '& .MuiTableContainer-root': { maxHeight: 'none', overflow: 'visible' },
      '& table, & thead, & tbody': { display: 'block', width: '100%' },
      '& thead tr': { display: 'flex', flexWrap: 'wrap', columnGap: 1.5, px: 1, py: 0.5 },
      '& thead th': {
        display: 'block',
        position: 'static',
        flex: '1 1 128px',
        minWidth: 0,
        border: 0,
        px: 0.5,
        py: 0.25,
      },
      '& thead th[data-label]::before': {
        content: 'attr(data-label)',
        display: 'block',
        fontSize: '0.75rem',
        color: 'text.secondary',
      },
      '& [data-card="table-only"]': { display: 'none' },
      '& tbody tr': {
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1,
        px: 1,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      },
      '& tbody td': { display: 'block', border: 0, p: 0.25, minWidth: 0, textAlign: 'left' },
      '& tbody td[colspan]': { flex: '1 1 100%' },
      '& td[data-card="lead"]': { order: 0, flex: '1 1 auto', fontWeight: 600 },
      '& td[data-card="price"]': { order: 1, fontWeight: 600, whiteSpace: 'nowrap' },
      '& td[data-card="action"]': { order: 2 },
      '& td[data-card="detail"]': { order: 3, flex: '1 1 40%' },
      '& td[data-card="wide"]': { order: 3, flex: '1 1 100%' },
      '& td[data-card="detail"][data-label]::before, & td[data-card="wide"][data-label]::before': {
        content: 'attr(data-label)',
        display: 'block',
        fontSize: '0.6875rem',
        textTransform: 'uppercase',
        color: 'text.secondary',
      },
    },
  };
}
