// GET /api/config: what the portal must know about how this API runs, before anyone signs in.
import Type, { type Static } from 'typebox';

export const PaymentsMode = Type.Union([
  /** Test mode: top-ups are simulated and no money moves; the portal marks every signed-in page. */
  Type.Literal('sandbox'),
  /** A real payment provider. */
  Type.Literal('live'),
  /** Top-ups are switched off. */
  Type.Literal('off'),
]);
export type PaymentsMode = Static<typeof PaymentsMode>;

export const PortalConfig = Type.Object({ paymentsMode: PaymentsMode });
export type PortalConfig = Static<typeof PortalConfig>;
