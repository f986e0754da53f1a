import { expect } from '@playwright/test';

/** Where a run reads the mails the portal sends: its outbox folder, or an SMTP catcher it delivers to. */
export interface Mailbox {
  /** Named in failure messages, so a timeout says which mailbox was watched. */
  readonly description: string;
  /** The decoded text of the newest mail to `address`, if one arrived. */
  newestTo(address: string): Promise<string | undefined>;
}

/** Waits for a password-reset mail to `address` with a link other than `after` and returns the link. */
export async function resetLinkMailedTo(mailbox: Mailbox, address: string, after?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const body = await mailbox.newestTo(address);
        link = body?.match(/https?:\/\/\S+\/reset-password\/[^\s"<>]+/)?.[0];
        return link !== undefined && link !== after;
      },
      { message: `a reset mail to ${address} in ${mailbox.description}`, timeout: 30_000 },
    )
    .toBe(true);
  return link as string;
}
