// Kysely queries of the distribution module: only what the articles service does not expose.
import type { Db } from "../../db/client.ts";

type Q = Db["kysely"];

/** When each of these articles was last changed (`updated_at`), by id. */
export async function findUpdatedAt(db: Q, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("articles")
    .select(["id", "updated_at"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, String(r.updated_at)]));
}
