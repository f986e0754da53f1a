import Typography from '@mui/material/Typography';

/** A section that is not built yet: its heading and a line saying so. */
export function SectionPlaceholder({ title }: { title: string }) {
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">This section of the console is not built yet.</Typography>
    </>
  );
}
