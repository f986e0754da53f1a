import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { RegionCount } from 'contract/marketplace';
import { regionTabs, selectedTabAtom, type RegionTab } from '../state/tab-atoms';
import { useRegionCounts } from '../api/region-counts';
import { selectTabAtom } from '../state/marketplace-atoms';
import { LocationList } from './location-list';

function tabLabel(tab: RegionTab, counts: RegionCount[] | undefined): string {
  const count = counts?.find((region) => region.name === tab.name)?.count;
  return count === undefined ? tab.name : `${tab.name} (${count})`;
}

/** Region browser: six tabs with counts, then the states (USA) or countries of the chosen tab. */
export function RegionBrowser({ compact }: { compact: boolean }) {
  const selected = useAtomValue(selectedTabAtom);
  const selectTab = useSetAtom(selectTabAtom);
  const { data: counts } = useRegionCounts();
  const index = Math.max(0, regionTabs.findIndex((tab) => tab.name === selected.name));
  // On a phone the list folds away once a state or country is chosen, so its results come into view.
  const [collapsed, setCollapsed] = useState(false);

  if (compact) {
    return (
      <Box aria-label="Regions" role="region">
        {regionTabs.map((tab) => (
          <Accordion
            key={tab.name}
            disableGutters
            expanded={!collapsed && tab.name === selected.name}
            onChange={(_event, expanded) => {
              // Reopening the chosen tab keeps the choice; another tab starts afresh.
              if (expanded && tab.name !== selected.name) selectTab(tab);
              setCollapsed(!expanded);
            }}
            slotProps={{ transition: { unmountOnExit: true } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography>{tabLabel(tab, counts)}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <LocationList tab={tab} compact onChosen={() => setCollapsed(true)} />
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    );
  }

  return (
    <Box>
      <Tabs
        value={index}
        onChange={(_event, next: number) => {
          const tab = regionTabs[next];
          if (tab) selectTab(tab);
        }}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Regions"
      >
        {regionTabs.map((tab) => (
          <Tab key={tab.name} label={tabLabel(tab, counts)} />
        ))}
      </Tabs>
      <Box sx={{ py: 2 }}>
        <LocationList tab={selected} />
      </Box>
    </Box>
  );
}
