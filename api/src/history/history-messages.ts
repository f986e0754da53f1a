// What the history API answers when it refuses something, shown to the customer as it is.
export const historyMessages = {
  notFound: (historyId: string) => `You have no proxy with history id ${historyId}`,
  ended: (historyId: string) =>
    `Proxy ${historyId} has ended, so it cannot renew any more: buy it again from the marketplace if it is still offered`,
};
