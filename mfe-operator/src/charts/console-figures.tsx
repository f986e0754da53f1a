// Pieces every figures page of the console uses: a row of headline numbers, a captioned chart, and the
// loading and error states of a query. Charts come from MUI X Charts (a maintained library that follows the
// portal's MUI theme, light and dark), loaded with this remote only, never with customer pages.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { PageSpinner } from 'shared/ui/page-spinner';

export interface Stat {
  label: string;
  value: ReactNode;
  /** A test id the e2e suite reads the figure by. */
  id?: string;
}

/** Headline numbers, as many per line as fit (two at 390 px). */
export function StatRow({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1.5, m: 0 }}>
      {stats.map((stat) => (
        <Paper key={stat.label} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {stat.label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }} data-testid={stat.id}>
            {stat.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** A chart with its caption; `summary` says in words what the chart shows, for readers who cannot see it. */
export function ChartFigure({ caption, summary, children }: { caption: string; summary: string; children: ReactNode }) {
  return (
    <Paper component="figure" variant="outlined" sx={{ m: 0, p: 1.5, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {caption}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
      <Box aria-hidden="true" sx={{ width: '100%', minWidth: 0 }}>
        {children}
      </Box>
    </Paper>
  );
}

/** A query's waiting and failure states; renders `children` with the data once it is there. */
export function Loaded<T>({ query, label, children }: { query: { data?: T; error: Error | null; isPending: boolean }; label: string; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <Typography role="alert">Error: {serverMessage(query.error, query.error.message)}</Typography>;
  return <PageSpinner label={label} />;
}

export const count = (n: number) => n.toLocaleString('en-US');
