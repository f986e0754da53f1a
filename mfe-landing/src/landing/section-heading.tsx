import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section's eyebrow, heading (h2, labelled by id) and lead paragraph. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <>
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1.5 }}>
        {eyebrow}
      </Typography>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: 30, md: 40 }, fontWeight: 800, letterSpacing: -0.8, mt: 1, mb: 2 }}>
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ maxWidth: 720, mb: { xs: 4, md: 6 }, fontSize: 18 }}>
          {children}
        </Typography>
      )}
    </>
  );
}
