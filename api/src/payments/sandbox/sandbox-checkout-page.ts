import type { OrderStatus } from 'contract/payments';
import { centsToDecimalString } from '../payment-provider.ts';

/**
 * Fixed demo exchange rates (USD per coin). The sandbox moves no money, so it shows the payer what a real
 * checkout would — a coin amount and an address — computed from these, and says so on the page.
 */
export const DEMO_RATES = {
  BTC: { name: 'Bitcoin', usdPerCoin: 100_000 },
  LTC: { name: 'Litecoin', usdPerCoin: 100 },
} as const;
export type DemoCoin = keyof typeof DEMO_RATES;
export const DEMO_COINS = Object.keys(DEMO_RATES) as DemoCoin[];

/** The coin amount at the demo rate, to 8 decimals (both coins' smallest unit), computed in integers. */
export function demoCoinAmount(amountCents: number, coin: DemoCoin): string {
  // cents * 1e8 / (usdPerCoin * 100) in satoshi-like units, rounded up so a payer would never send too little.
  const units = BigInt(amountCents) * 100_000_000n;
  const perCoinCents = BigInt(DEMO_RATES[coin].usdPerCoin * 100);
  const atoms = (units + perCoinCents - 1n) / perCoinCents;
  const whole = atoms / 100_000_000n;
  const fraction = String(atoms % 100_000_000n).padStart(8, '0');
  return `${whole}.${fraction}`;
}

/** Obviously not an address on any network: nobody can send real coins to it. */
export function demoAddress(invoiceId: string, coin: DemoCoin): string {
  return `TEST-MODE-${coin}-NOT-A-REAL-ADDRESS-${invoiceId.slice(-10)}`;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const dollars = (cents: number) => `$${centsToDecimalString(cents)}`;

export interface SandboxCheckoutView {
  invoiceId: string;
  amountCents: number;
  status: OrderStatus;
  /** Absolute path of this page: the form posts to `${pagePath}/confirm` and `${pagePath}/expire`. */
  pagePath: string;
  stylesheetPath: string;
  /** The portal's payments page, where a real provider would send the payer back too. */
  returnUrl: string;
}

function layout(view: Pick<SandboxCheckoutView, 'stylesheetPath'>, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · TEST MODE · Private Sock5</title>
<link rel="stylesheet" href="${escapeHtml(view.stylesheetPath)}">
</head>
<body>
<header><p class="test-mode">TEST MODE: sandbox payment provider. No real money moves and no address here is real.</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

export function renderSandboxCheckout(view: SandboxCheckoutView): string {
  const back = `<p><a href="${escapeHtml(view.returnUrl)}">Back to Private Sock5 payments</a></p>`;
  if (view.status === 'completed') {
    return layout(view, 'Payment confirmed', `<h1>Test payment confirmed</h1>
<div class="panel"><p>This invoice for ${dollars(view.amountCents)} is paid; the amount is on your balance.</p></div>
${back}`);
  }
  if (view.status === 'failed') {
    return layout(view, 'Invoice expired', `<h1>Test invoice expired</h1>
<div class="panel"><p>This invoice for ${dollars(view.amountCents)} expired without payment. Start a new top-up from the payments page.</p></div>
${back}`);
  }

  const coins = DEMO_COINS.map((coin, index) => {
    const { name, usdPerCoin } = DEMO_RATES[coin];
    const id = `coin-${coin.toLowerCase()}`;
    return `<div class="coin">
<input type="radio" id="${id}" name="coin" value="${coin}"${index === 0 ? ' checked' : ''} aria-describedby="${id}-details">
<div><label for="${id}"><strong>${name} (${coin})</strong></label>
<div id="${id}-details">Send <strong>${demoCoinAmount(view.amountCents, coin)} ${coin}</strong> (demo rate ${dollars(usdPerCoin * 100)} per ${coin}) to<br><code>${escapeHtml(demoAddress(view.invoiceId, coin))}</code></div></div>
</div>`;
  }).join('\n');

  const path = escapeHtml(view.pagePath);
  return layout(view, 'Checkout', `<h1>Checkout</h1>
<div class="panel">
<p class="muted">Order amount</p>
<p class="amount">${dollars(view.amountCents)}</p>
<p class="muted">Invoice ${escapeHtml(view.invoiceId)}</p>
</div>
<form method="post" action="${path}/confirm">
<fieldset>
<legend>Pay with</legend>
${coins}
</fieldset>
<p class="muted">Coin amounts use fixed demo rates, not market prices. Confirming sends the payment processor's signed
"invoice settled" notification to the shop, exactly as a real payment would.</p>
<div class="actions">
<button type="submit" class="confirm">Confirm test payment</button>
<button type="submit" class="cancel" formaction="${path}/expire">Let the invoice expire</button>
</div>
</form>
${back}`);
}

export function renderSandboxNotFound(view: Pick<SandboxCheckoutView, 'stylesheetPath' | 'returnUrl'>): string {
  return layout(view, 'Invoice not found', `<h1>Invoice not found</h1>
<div class="panel"><p>There is no sandbox invoice at this address.</p></div>
<p><a href="${escapeHtml(view.returnUrl)}">Back to Private Sock5 payments</a></p>`);
}
