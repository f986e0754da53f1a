import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface SectionMenuProps {
  anchor: HTMLElement;
  links: readonly { section: string; label: string }[];
  onClose: () => void;
  onNavigate: (section: string) => void;
}

/** The small-screen section menu; its own chunk, fetched when a visitor first opens it. */
export default function SectionMenu({ anchor, links, onClose, onNavigate }: SectionMenuProps) {
  return (
    <Menu id="landing-section-menu" anchorEl={anchor} open onClose={onClose}>
      {links.map((link) => (
        <MenuItem
          key={link.section}
          component="a"
          href={`#${link.section}`}
          onClick={(event) => {
            event.preventDefault();
            onClose();
            onNavigate(link.section);
          }}
        >
          {link.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
