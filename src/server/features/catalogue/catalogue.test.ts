import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPER_AUTHOR_NAME } from '@shared/constants';
import { catalogueResponseSchema } from '@shared/schemas/catalogue';
import { createTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/catalogue', () => {
  it('lists the two starter decks with their cards', async () => {
    const u = await t.user();
    const res = await u.get('/api/catalogue');
    expect(res.status).toBe(200);
    const { decks } = catalogueResponseSchema.parse(res.body);
    expect(decks.map((d) => [d.id, d.title, d.title_es, d.color, d.cards.length, d.author])).toEqual([
      ['section-1-week-1', 'Section 1 Week 1', 'Sección 1 Semana 1', '#ff6b6b', 18, HELPER_AUTHOR_NAME],
      ['section-1-week-2', 'Section 1 Week 2', 'Sección 1 Semana 2', '#4ecdc4', 14, HELPER_AUTHOR_NAME],
    ]);
    expect(decks[0]!.cards[0]).toEqual({
      en: 'Hello',
      es: 'Hola',
      en_pronunciation: 'jé-lou',
      es_pronunciation: 'OH-lah',
    });
  });

  it('needs a session', async () => {
    expect((await t.visitor.get('/api/catalogue')).status).toBe(401);
  });
});
