// Price classes: what an exit without its own price sells for, per declared type and optionally per country.
// Changing one rewrites the price parts of every listing it covers in the same transaction (the database's
// price-class trigger does the arithmetic, migration 0065), so the market shows the new price at once; the
// blacklist discount still halves a listed exit's price when it is read (marketplace/pricing.ts).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PriceClass, PriceClassInput } from 'contract/operator-console';
import type { Schema } from '../db/schema.ts';
import type { DeclaredType } from '../inventory/exit-types.ts';

interface ClassRow {
  declared_type: DeclaredType;
  ct: string;
  base_cents: number;
  fresh_cents: number;
  updated_at: Date;
}

type Change = { before: ClassRow | null; after: ClassRow | null; listings: number };

/** Rewrites the listings a class covers; the row trigger picks each one's class. Returns how many. */
async function reprice(trx: Transaction<Schema>, type: DeclaredType, ct: string): Promise<number> {
  const result = await sql`
    update proxy_listings li set base_cents = li.base_cents
    from exits e
    where e.id = li.exit_id and e.declared_type = ${type} and e.price_cents is null and e.source <> 'demo'
      and (${ct} = '' or li.ct = ${ct})`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

const current = async (trx: Transaction<Schema>, type: DeclaredType, ct: string) =>
  (await sql<ClassRow>`select * from price_classes where declared_type = ${type} and ct = ${ct} for update`.execute(trx)).rows[0] ?? null;

export function createPriceClasses(db: Kysely<Schema>) {
  return {
    async list(): Promise<PriceClass[]> {
      const { rows } = await sql<ClassRow & { exits: number }>`
        select pc.*, (
          select count(*)::int from exits e join proxy_listings li on li.exit_id = e.id
          where e.declared_type = pc.declared_type and e.price_cents is null and e.source <> 'demo' and e.state <> 'retired'
            and (case when pc.ct = '' then not exists (
                   select 1 from price_classes o where o.declared_type = pc.declared_type and o.ct = li.ct)
                 else li.ct = pc.ct end)
        ) as exits
        from price_classes pc order by pc.declared_type, pc.ct`.execute(db);
      return rows.map((row) => ({
        type: row.declared_type,
        ct: row.ct,
        baseCents: Number(row.base_cents),
        freshCents: Number(row.fresh_cents),
        updatedAt: new Date(row.updated_at).toISOString(),
        exits: Number(row.exits),
      }));
    },

    /** Sets a class and reprices the market it covers, in the caller's transaction. */
    async set(trx: Transaction<Schema>, input: PriceClassInput): Promise<Change> {
      const ct = input.ct ?? '';
      const before = await current(trx, input.type, ct);
      const { rows } = await sql<ClassRow>`
        insert into price_classes (declared_type, ct, base_cents, fresh_cents)
        values (${input.type}, ${ct}, ${input.baseCents}, ${input.freshCents})
        on conflict (declared_type, ct) do update
          set base_cents = excluded.base_cents, fresh_cents = excluded.fresh_cents, updated_at = now()
        returning *`.execute(trx);
      return { before, after: rows[0]!, listings: await reprice(trx, input.type, ct) };
    },

    /** Removes a country's class: its listings go back to the type's class. null: there was none. */
    async remove(trx: Transaction<Schema>, type: DeclaredType, ct: string): Promise<Change | null> {
      const before = await current(trx, type, ct);
      if (!before) return null;
      await sql`delete from price_classes where declared_type = ${type} and ct = ${ct}`.execute(trx);
      return { before, after: null, listings: await reprice(trx, type, ct) };
    },
  };
}

/** A class as the audit log keeps it. */
export const auditedClass = (row: ClassRow | null) =>
  row === null ? null : { type: row.declared_type, ct: row.ct, baseCents: Number(row.base_cents), freshCents: Number(row.fresh_cents) };
