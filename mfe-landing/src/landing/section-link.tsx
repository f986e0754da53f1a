import Link from '@mui/material/Link';
import type { LinkProps } from '@mui/material/Link';
import type { MouseEvent } from 'react';

/**
 * An in-page anchor: a real `#id` link (works without script, opens nothing new) whose click runs the
 * 500 ms smooth scroll instead of the browser's jump.
 */
export function SectionLink({
  section,
  onNavigate,
  ...props
}: LinkProps & { section: string; onNavigate: (id: string) => void }) {
  return (
    <Link
      href={`#${section}`}
      underline="hover"
      {...props}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onNavigate(section);
        props.onClick?.(event);
      }}
    />
  );
}
