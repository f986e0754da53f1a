// The mail a customer gets when support answers: enough to know which ticket, and the link to it. The text
// of the answer stays in the portal, behind the login.
import type { Mail } from '../mail/mail.ts';

export const ticketNumber = (ticketId: string) => ticketId.slice(0, 6);

export function supportReplyMail(owner: { email: string; username: string }, ticketId: string, publicUrl: string): Mail {
  return {
    to: owner.email,
    subject: `Support replied to your ticket #${ticketNumber(ticketId)}`,
    text: [
      `Hello ${owner.username},`,
      '',
      `Private Sock5 support replied to your ticket #${ticketNumber(ticketId)}. Read the reply and answer it here:`,
      '',
      `${publicUrl}/support/${ticketId}`,
      '',
      'You get this mail because you opened a support ticket with Private Sock5.',
    ].join('\n'),
  };
}
