// Row types of the tables created by api/migrations. Keep in step with the SQL: a new migration that
// adds a table or column adds it here too.
import type { ColumnType, Generated } from 'kysely';
import type { OrderStatus, PaymentProviderName, TopupCoin } from 'contract/payments';
import type { TicketCategory, TicketStatus } from 'contract/support-rules';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface SettingsTable {
  key: string;
  value: string;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  /** Written only through postLedgerEntry (src/ledger/ledger.ts). */
  balance_cents: ColumnType<number, never, number>;
  created_at: CreatedAt;
  /** Set by an operator (src/operator/customers.ts): no sign-in, no sessions, no leases served. */
  disabled_at: ColumnType<Date | null, never, Date | null>;
  disabled_reason: ColumnType<string | null, never, string | null>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Date;
}

/** A session ended by a login elsewhere, remembered until it would have expired (to say why it ended). */
export interface ReplacedSessionsTable {
  id: string;
  user_id: string;
  replaced_at: CreatedAt;
  expires_at: Date;
}

export interface UsedCaptchasTable {
  challenge_id: string;
  expires_at: Date;
  used_at: CreatedAt;
}

export interface UsedLoginChallengesTable {
  challenge_id: string;
  user_id: string;
  expires_at: Date;
  used_at: CreatedAt;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface FailedLoginsTable {
  id: Generated<number>;
  user_id: string;
  /** The client address the attempt came from ('' for rows older than per-address counting). */
  address: Generated<string>;
  created_at: CreatedAt;
}

export interface LoginAddressesTable {
  user_id: string;
  address: string;
  last_login_at: Generated<Date>;
}

export interface LoginSlotsTable {
  user_id: string;
  next_at: Date;
}

export type LedgerKind = 'topup' | 'purchase' | 'renewal' | 'refund' | 'adjustment';

export interface LedgerTable {
  id: Generated<number>;
  user_id: string;
  kind: LedgerKind;
  amount_cents: number;
  reference: string;
  created_at: CreatedAt;
}

export interface PaymentOrdersTable {
  id: Generated<string>;
  user_id: string;
  amount_cents: number;
  currency: 'USD';
  provider: PaymentProviderName;
  invoice_id: string | null;
  checkout_url: string | null;
  status: ColumnType<OrderStatus, OrderStatus | undefined>;
  created_at: CreatedAt;
  completed_at: Date | null;
  /** Settled after the order had expired (credited all the same). */
  settled_late: Generated<boolean>;
  /** The coin and the transaction that paid it, as the processor reported them; null before migration 0075. */
  coin: ColumnType<TopupCoin | null, TopupCoin | null | undefined, TopupCoin | null>;
  transaction_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** support: works the support desk; operator: stocks the shop (exits, imports, checks). */
export type StaffRole = 'support' | 'operator';

export interface StaffRolesTable {
  user_id: string;
  role: StaffRole;
  granted_at: CreatedAt;
}

export interface TicketsTable {
  id: Generated<string>;
  user_id: string;
  category: TicketCategory;
  status: ColumnType<TicketStatus, TicketStatus | undefined, TicketStatus>;
  lease_id: number | null;
  created_at: CreatedAt;
}

export interface TicketMessagesTable {
  id: Generated<string>;
  ticket_id: string;
  sender_id: string;
  from_support: boolean;
  text: string;
  created_at: CreatedAt;
}

export interface RefundsTable {
  lease_id: number;
  /** null: refunded without a ticket (reason 'dead-exit'). */
  ticket_id: string | null;
  user_id: string;
  amount_cents: number;
  approved_by: string | null;
  reason: ColumnType<'ticket' | 'dead-exit', 'ticket' | 'dead-exit' | undefined, never>;
  exit_state_change_id: number | null;
  created_at: CreatedAt;
}

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  applied_at: CreatedAt;
}

export interface TwoFactorTable {
  user_id: string;
  secret_box: string;
  enabled_at: Date | null;
  last_used_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
}

export interface FailedSecondFactorsTable {
  id: Generated<number>;
  user_id: string;
  created_at: CreatedAt;
}

export interface ProxyCredentialsTable {
  user_id: string;
  login: string;
  password: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface UserIpAllowlistTable {
  user_id: string;
  /** PostgreSQL cidr, read back in its canonical text form. */
  cidr: string;
  position: number;
  created_at: CreatedAt;
}

export interface SignInsTable {
  id: Generated<number>;
  user_id: string;
  session_id: string;
  ip: string;
  user_agent: string;
  created_at: CreatedAt;
}

/** A remote's build kept in the release store (releases/release-pointers.ts). */
export interface RemoteReleasesTable {
  remote: string;
  id: string;
  version: string;
  commit_ref: string;
  /** The federation singletons it requires: package -> range. Written as JSON text. */
  shared: ColumnType<Record<string, string>, string, never>;
  published_by: string;
  published_at: CreatedAt;
}

export interface RemotePointersTable {
  remote: string;
  stable_release: string;
  canary_release: string | null;
  canary_percent: number | null;
  moved_at: ColumnType<Date, Date | undefined, Date>;
}

export type ReleaseMoveKind = 'promote' | 'canary' | 'rollback' | 'auto-rollback';

export interface ReleaseMovesTable {
  id: Generated<number>;
  remote: string;
  kind: ReleaseMoveKind;
  from_release: string | null;
  to_release: string | null;
  percent: number | null;
  actor: string;
  reason: string | null;
  moved_at: CreatedAt;
}

export interface ReleaseReportsTable {
  remote: string;
  release: string;
  subject: string;
  failed: boolean;
  reported_at: ColumnType<Date, Date | undefined, Date>;
}

/** The outbox of work after a commit (api/src/jobs/jobs.ts). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  state: ColumnType<'pending' | 'running' | 'done' | 'dead', 'pending' | undefined, 'pending' | 'running' | 'done' | 'dead'>;
  run_at: ColumnType<Date, Date | undefined, Date>;
  attempts: ColumnType<number, never, number>;
  last_error: ColumnType<string | null, never, string | null>;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, never, Date | null>;
}

/** The operator audit log (api/src/operator/audit.ts); append-only, the database refuses UPDATE and DELETE. */
export interface OperatorAuditTable {
  id: Generated<number>;
  actor_id: string | null;
  actor: string;
  action: string;
  target: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  at: CreatedAt;
}

export type ApiKeyScope = 'read' | 'buy' | 'manage';

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: Buffer;
  scopes: ApiKeyScope[];
  created_at: CreatedAt;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
}

export interface ApiIdempotencyTable {
  key_id: string;
  idempotency_key: string;
  request_hash: Buffer;
  status: number;
  body: string;
  created_at: CreatedAt;
}

export interface Schema {
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  replaced_sessions: ReplacedSessionsTable;
  used_captchas: UsedCaptchasTable;
  used_login_challenges: UsedLoginChallengesTable;
  password_resets: PasswordResetsTable;
  failed_logins: FailedLoginsTable;
  login_addresses: LoginAddressesTable;
  login_slots: LoginSlotsTable;
  ledger: LedgerTable;
  payment_orders: PaymentOrdersTable;
  staff_roles: StaffRolesTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  refunds: RefundsTable;
  schema_migrations: SchemaMigrationsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  failed_second_factors: FailedSecondFactorsTable;
  proxy_credentials: ProxyCredentialsTable;
  user_ip_allowlist: UserIpAllowlistTable;
  api_keys: ApiKeysTable;
  api_idempotency: ApiIdempotencyTable;
  sign_ins: SignInsTable;
  remote_releases: RemoteReleasesTable;
  remote_pointers: RemotePointersTable;
  release_moves: ReleaseMovesTable;
  release_reports: ReleaseReportsTable;
  jobs: JobsTable;
  operator_audit: OperatorAuditTable;
}
