import type { DbHandle } from '../../db/schema';
import type { FamilyId } from '../../context';

/** The family's remembered mappings (JSON text) for the note type keys asked. */
export async function find(db: DbHandle, familyId: FamilyId, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('anki_mappings')
    .select(['note_type', 'mapping'])
    .where('family_id', '=', familyId)
    .where('note_type', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.note_type, r.mapping]));
}

/** Remembers the mapping the family used for a note type (replacing the one before). */
export async function save(db: DbHandle, familyId: FamilyId, key: string, mapping: string, now: string): Promise<void> {
  await db
    .insertInto('anki_mappings')
    .values({ family_id: familyId, note_type: key, mapping, updated_at: now })
    .onConflict((oc) => oc.columns(['family_id', 'note_type']).doUpdateSet({ mapping, updated_at: now }))
    .execute();
}
