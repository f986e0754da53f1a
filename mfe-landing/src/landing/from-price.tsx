import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import {
  parseStartingPrices,
  STARTING_PRICE_ATTRIBUTE,
  STARTING_PRICES_META,
  STARTING_PRICES_PATH,
  startingPriceText,
  type StartingPriceKind,
  type StartingPrices,
} from 'contract/starting-prices';

// The "from $X" figures come from the live catalogue. The server writes them into the HTML of `/` (each
// figure's text and a meta tag with all of them), so the page renders from the tag exactly the text it was
// sent. A page that came without them (opened after signing out, or a build served without the API's help)
// asks the API once for every figure on it.

function pricesInPage(): StartingPrices | null {
  if (typeof document === 'undefined') return null;
  return parseStartingPrices(document.querySelector(`meta[name="${STARTING_PRICES_META}"]`)?.getAttribute('content'));
}

let asked: Promise<StartingPrices | null> | null = null;

function askApi(): Promise<StartingPrices | null> {
  asked ??= fetch(new URL(STARTING_PRICES_PATH, document.baseURI), { headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? parseStartingPrices(await response.text()) : null))
    .catch(() => null)
    .then((prices) => {
      if (prices === null) asked = null;
      return prices;
    });
  return asked;
}

export function useStartingPrices(): StartingPrices | null {
  const [prices, setPrices] = useState(pricesInPage);
  useEffect(() => {
    if (prices !== null) return;
    let current = true;
    void askApi().then((answer) => {
      if (current && answer !== null) setPrices(answer);
    });
    return () => {
      current = false;
    };
  }, [prices]);
  return prices;
}

/** A kind's "from" figure: "$0.25" (the element the server fills in; text only inside it). */
export function FromPrice({ kind }: { kind: StartingPriceKind }) {
  const prices = useStartingPrices();
  return (
    <Box component="span" {...{ [STARTING_PRICE_ATTRIBUTE]: kind }} sx={{ whiteSpace: 'nowrap' }}>
      {startingPriceText(prices, kind)}
    </Box>
  );
}
