// Row types of the inventory tables (migrations/0015_exits.sql). Inventory queries go through
// `inventoryDb(db)`, which adds these tables and the marketplace's to the app's Schema for the query builder.
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { MarketTables } from '../marketplace/market-schema.ts';
import type { DeclaredType } from './exit-types.ts';

export type ExitKind = 'direct' | 'socks5';
export type ExitState = 'unchecked' | 'online' | 'dead' | 'retired';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type ExitsTable = {
  id: Generated<number>;
  source: string;
  endpoint_key: string;
  kind: ExitKind;
  host: string | null;
  port: number | null;
  /** Sealed [login, password]; the API writes it and never opens it. */
  credentials_box: string | null;
  credentials_digest: string | null;
  legacy_login: Defaulted<string | null>;
  legacy_password: Defaulted<string | null>;
  declared_type: DeclaredType;
  price_cents: number | null;
  label: Defaulted<string>;
  state: Defaulted<ExitState>;
  state_changed_at: Defaulted<Date>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: Defaulted<Date>;
  checked_at: Defaulted<Date | null>;
  check_ok: Defaulted<boolean | null>;
  check_stage: Defaulted<string | null>;
  check_failure: Defaulted<string | null>;
  connect_ms: Defaulted<number | null>;
  ping_ms: Defaulted<number | null>;
  exit_ip: Defaulted<string | null>;
  consecutive_failures: Defaulted<number>;
  consecutive_successes: Defaulted<number>;
  next_check_at: Defaulted<Date>;
};

export type ExitStateChangesTable = {
  id: Generated<number>;
  exit_id: number;
  from_state: ExitState;
  to_state: ExitState;
  reason: string;
  changed_at: ColumnType<Date, Date | undefined, never>;
};

export type InventoryTables = MarketTables & {
  exits: ExitsTable;
  exit_state_changes: ExitStateChangesTable;
};

export type InventoryDb = Kysely<Schema & InventoryTables>;

export function inventoryDb(db: Kysely<Schema>): InventoryDb {
  return db.withTables<InventoryTables>() as unknown as InventoryDb;
}
