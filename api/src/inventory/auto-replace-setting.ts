// The account setting "replace dead proxies automatically" (users.replace_dead_automatically).
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

export async function autoReplaceSetting(db: Kysely<Schema>, userId: string): Promise<boolean> {
  const { rows } = await sql<{ on: boolean }>`select replace_dead_automatically as on from users where id = ${userId}`.execute(db);
  return rows[0]?.on ?? false;
}

export async function setAutoReplace(db: Kysely<Schema>, userId: string, enabled: boolean): Promise<boolean> {
  await sql`update users set replace_dead_automatically = ${enabled} where id = ${userId}`.execute(db);
  return enabled;
}
