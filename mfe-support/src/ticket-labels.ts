// How tickets are named on screen: 'Ticket #' and the first 6 characters of the id; a list entry links
// with the first 18 characters of its first message; categories by their display names.
import { CATEGORY_LABELS, type TicketCategory } from 'contract/support-rules';
import type { Ticket } from 'contract/support';

export const TICKET_ID_CHARS = 6;
export const PREVIEW_CHARS = 18;

export const ticketTitle = (ticketId: string) => `Ticket #${ticketId.slice(0, TICKET_ID_CHARS)}`;

export const ticketPreview = (firstMessage: string | null) => (firstMessage === null ? 'No messages' : firstMessage.slice(0, PREVIEW_CHARS));

export const categoryLabel = (category: TicketCategory) => CATEGORY_LABELS[category];

/**
 * A status as every page shows it. The wire keeps its values as they are ('open', 'Closed'); on screen both
 * read the same way, capitalised.
 */
export const statusLabel = (status: Ticket['status']) => (status === 'open' ? 'Open' : 'Closed');
