// Plain numbers both sides enforce or explain. Kept apart from the schemas (no TypeBox import), so a page
// that only needs a limit does not bundle the schema builder.

/** Longest password accepted: long enough for passphrases, bounded so hashing cannot be abused. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MAX_LENGTH = 32;
/** The longest address RFC 5321 allows. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Top-up amounts in dollars: a user without a completed top-up deposits at least $50, later top-ups at
 * least $20, never more than $10,000 per order. The API enforces these and the payments page explains them.
 */
export const TOPUP_RULES = { firstMinimum: 50, minimum: 20, maximum: 10_000 } as const;

/** A top-up not credited within this many hours is worth a Billing ticket; confirmations take far less. */
export const TOPUP_CREDIT_WAIT_HOURS = 2;

/** At most this many proxies in one purchase. */
export const MAX_PROXIES_PER_PURCHASE = 100;

/** Longest solved-captcha payload worth parsing; real ones are about 600 characters. */
export const CAPTCHA_PAYLOAD_MAX_LENGTH = 4096;

/**
 * The history page lists every lease still running or waiting, and leases that ended within this many days;
 * `/proxy/history/all` lists them all.
 */
export const HISTORY_WINDOW_DAYS = 30;

/** Catalogue search (POST /proxy/find): the shortest query worth an index lookup, and the most answers. */
export const FIND_MIN_LENGTH = 2;
export const FIND_MAX_LENGTH = 64;
export const FIND_LIMIT = 100;

/** The longest place (ZIP code, city, state) the distance filter looks up. */
export const PLACE_QUERY_MAX_LENGTH = 80;
