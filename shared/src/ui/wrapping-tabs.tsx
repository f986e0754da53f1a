// Tabs that all stay in sight on a phone: below 600 px their labels wrap onto a second line instead of
// hiding behind a scroll arrow; the selected one is underlined on its own (the sliding indicator follows
// one line only).
export const wrappingTabsSx = {
  '& .MuiTabs-list, & .MuiTabs-flexContainer': { flexWrap: { xs: 'wrap', sm: 'nowrap' } },
  '& .MuiTabs-indicator': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } },
  '& .MuiTab-root.Mui-selected': { boxShadow: { xs: 'inset 0 -2px 0 currentColor', sm: 'none' } },
} as const;
