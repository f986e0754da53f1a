import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CONTENT_MAX_WIDTH } from 'shared/ui/theme';
import type { StartingPriceKind } from 'contract/starting-prices';
import { FromPrice } from './from-price';
import { LaptopIllustration, type ScreenRow } from './laptop-illustration';
import { sectionIds } from './landing-sections';
import { SectionHeading } from './section-heading';

interface Offer {
  title: string;
  /** The kind whose cheapest listing is the offer's "from" figure. */
  kind: StartingPriceKind;
  text: string;
  rows: ScreenRow[];
}

/** Offers: the three kinds of proxy. */
export const offers: Offer[] = [
  {
    title: 'Mobile LTE proxies',
    kind: 'Mobile',
    text: 'IP addresses of cellular providers. Thousands of real phones share them, so sites trust them the most.',
    rows: [
      { ip: '198.18.4.21', place: 'US, Texas', speed: '38 Mb/s' },
      { ip: '198.18.9.140', place: 'DE, Berlin', speed: '41 Mb/s' },
      { ip: '198.19.2.77', place: 'GB, London', speed: '35 Mb/s' },
      { ip: '198.19.12.5', place: 'BR, São Paulo', speed: '29 Mb/s' },
    ],
  },
  {
    title: 'Residential proxies',
    kind: 'Residential',
    text: 'IP addresses of home landline connections: your traffic looks like an ordinary household in the city you pick.',
    rows: [
      { ip: '198.18.31.9', place: 'US, Florida', speed: '62 Mb/s' },
      { ip: '198.18.44.203', place: 'FR, Lyon', speed: '55 Mb/s' },
      { ip: '198.19.51.18', place: 'CA, Toronto', speed: '70 Mb/s' },
      { ip: '198.19.60.92', place: 'JP, Osaka', speed: '48 Mb/s' },
    ],
  },
  {
    title: 'Datacenter proxies',
    kind: 'Datacenter',
    text: 'IP addresses of servers and VPS: the fastest and cheapest choice for bulk work where raw speed matters.',
    rows: [
      { ip: '198.18.100.4', place: 'NL, Amsterdam', speed: '480 Mb/s' },
      { ip: '198.18.120.33', place: 'US, Virginia', speed: '520 Mb/s' },
      { ip: '198.19.140.8', place: 'SG, Singapore', speed: '390 Mb/s' },
      { ip: '198.19.160.71', place: 'PL, Warsaw', speed: '450 Mb/s' },
    ],
  },
];

export function OffersSection() {
  const [selected, setSelected] = useState(0);
  const current = offers[selected] ?? offers[0];
  return (
    <Box
      component="section"
      id={sectionIds.offers}
      aria-labelledby="offers-heading"
      sx={{ scrollMarginTop: 64, outline: 'none', bgcolor: (theme) => (theme.palette.mode === 'dark' ? '#121833' : '#eef1fb') }}
    >
      <Box sx={{ maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 8, md: 12 } }}>
        <SectionHeading id="offers-heading" eyebrow="What we offer" title="Offers">
          Three kinds of SOCKS5 proxy, each leased to you alone for 24 hours. Pick the one your work needs.
        </SectionHeading>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1.1fr' }, gap: { xs: 4, md: 8 }, alignItems: 'center' }}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {offers.map((offer, index) => {
              const active = index === selected;
              return (
                <Box component="li" key={offer.title} sx={{ display: 'flex', gap: 2, alignItems: 'stretch' }}>
                  <Box
                    role="progressbar"
                    aria-label={`${offer.title} selected`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={active ? 100 : 0}
                    data-testid={`offer-progress-${index}`}
                    sx={{ width: 6, borderRadius: 3, bgcolor: 'divider', position: 'relative', overflow: 'hidden', flexShrink: 0 }}
                  >
                    <Box
                      sx={{
                        position: 'absolute',
                        inset: 0,
                        bgcolor: 'primary.main',
                        transformOrigin: 'top',
                        transform: active ? 'scaleY(1)' : 'scaleY(0)',
                        transition: 'transform 500ms ease',
                        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
                      }}
                    />
                  </Box>
                  <ButtonBase
                    aria-pressed={active}
                    onClick={() => setSelected(index)}
                    focusRipple
                    sx={{
                      flexGrow: 1,
                      textAlign: 'left',
                      justifyContent: 'flex-start',
                      display: 'block',
                      p: 2.5,
                      borderRadius: 2,
                      border: 1,
                      borderColor: active ? 'primary.main' : 'divider',
                      bgcolor: active ? 'background.paper' : 'transparent',
                      boxShadow: active ? 3 : 0,
                      transition: 'all 200ms',
                      '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                    }}
                  >
                    <Typography component="span" variant="h3" sx={{ display: 'block', fontSize: 20, fontWeight: 700, mb: 0.5 }}>
                      {offer.title}
                    </Typography>
                    <Typography component="span" color="text.secondary" sx={{ display: 'block' }}>
                      {offer.text}
                    </Typography>
                    <Typography component="span" sx={{ display: 'block', mt: 1, fontWeight: 600 }}>
                      from <FromPrice kind={offer.kind} /> for 24 hours
                    </Typography>
                  </ButtonBase>
                </Box>
              );
            })}
          </Box>
          <Box>
            <LaptopIllustration heading={current?.title ?? ''} rows={current?.rows ?? []} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
