import type { Agent } from './harness';
import { packageForm, SMALL_PACKAGE_MAPPING, smallPackage } from './apkg-fixture';

/** Polls the family's import status until `check` holds for the import `id`; its last state. */
export async function importEnded(agent: Agent, id: string, tries = 600) {
  for (let i = 0; i < tries; i++) {
    const job = (await agent.get('/api/imports/anki/status')).body.imports.find((j: { id: string }) => j.id === id);
    if (job && (job.state === 'done' || job.state === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} never ended`);
}

/**
 * An import of the agent's family left running that fails once read (it names a deck the package
 * lacks), so nothing is stored: the id of its notice.
 */
export async function failedImport(agent: Agent): Promise<string> {
  const res = await agent.form(
    'POST',
    '/api/imports/anki',
    packageForm(await smallPackage(), { mapping: SMALL_PACKAGE_MAPPING, decks: '["999"]', background: 'true' }),
  );
  if (res.status !== 202) throw new Error(`background import: ${res.status} ${res.text}`);
  await importEnded(agent, res.body.id);
  return res.body.id;
}
