import { createRoute } from '@hono/zod-openapi';
import { createRouter, actor, type AppDeps } from '../../context';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { exportDocumentSchema } from './export.schema';
import { exportService } from './export.service';
import { needs } from '../access';

const exportRoute = createRoute({
  method: 'get',
  path: '/api/users/export',
  middleware: needs('data.transfer'),
  description:
    "The signed-in person's account (profile, sign-ins, bugs and votes) and everything of their family " +
    '(students, decks with cards, pictures and recordings as base64, progress) as a JSON file download.',
  responses: {
    200: jsonResponse(exportDocumentSchema, 'The export document (Content-Disposition: attachment)'),
    ...errorResponses(401),
  },
});

/** GET /api/users/export: a family's own data as a downloadable JSON file. */
export function exportRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = exportService(deps);

  r.openapi(exportRoute, async (c) => {
    const doc = await service.build(actor(c));
    const date = doc.exported_at.slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="flashcards-export-${date}.json"`);
    return c.json(doc, 200);
  });

  return r;
}
