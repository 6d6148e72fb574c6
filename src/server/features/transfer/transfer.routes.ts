import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { ANKI_FILE_NAME_MAX, ANKI_PACKAGE_MAX_BYTES } from '@shared/constants';
import { idParamSchema } from '@shared/schemas/common';
import {
  ankiImportFieldsSchema,
  ankiImportIdSchema,
  ankiImportJobSchema,
  ankiImportResultSchema,
  ankiImportStatusSchema,
  ankiPreviewSchema,
  bulkCardsResultSchema,
  bulkCardsSchema,
  deckExportQuerySchema,
} from '@shared/schemas/transfer';
import { createRouter, actor, type AppDeps } from '../../context';
import { ApiError, parseInput } from '../../http/errors';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { packageErrors } from './anki-package';
import { transferService } from './transfer.service';
import { needs } from '../access';

const params = z.object({ id: idParamSchema });

const bulkRoute = createRoute({
  method: 'post',
  path: '/api/decks/{id}/cards/bulk',
  middleware: needs('deck.edit', { param: 'id', missing: 'No such deck' }),
  description:
    'Adds every card to an own deck in one transaction, or none: a bad row answers 400 naming it (`cards.12.es`); ' +
    '403 for an imported deck, 404 for anyone else’s.',
  request: { params, body: jsonBody(bulkCardsSchema) },
  responses: {
    201: jsonResponse(bulkCardsResultSchema, 'Cards created'),
    ...errorResponses(400, 401, 403, 404, 413, 415),
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/api/decks/{id}/export',
  middleware: needs('data.transfer', { param: 'id', missing: 'No such deck' }),
  description:
    'The deck as a file download (Content-Disposition: attachment): CSV (UTF-8 with BOM, header row ' +
    '`english,spanish,english_pronunciation,spanish_pronunciation`) or an Anki package (.apkg, legacy ' +
    '`collection.anki2`, one "Basic (and reversed card)" note type, pictures as media).',
  request: { params, query: deckExportQuerySchema },
  responses: {
    200: {
      description: 'The file',
      content: {
        'text/csv': { schema: { type: 'string' } },
        'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
      },
    },
    ...errorResponses(400, 401, 404),
  },
});

const ankiRoute = createRoute({
  method: 'post',
  path: '/api/imports/anki',
  middleware: needs('data.transfer'),
  description:
    'Reads an Anki package. With dry_run=true: what it holds and a proposed mapping (200, nothing stored). ' +
    'Otherwise: one deck per Anki deck for student_id (or shared), one card per mapped note (201), or, with ' +
    'background=true, 202 with the import, which carries on and is followed in GET /api/imports/anki/status. ' +
    'A dry run whose request goes away is stopped (a package still waiting is never read); an import carries ' +
    'on, and its end is then listed in the status for the family.',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: {
              file: {
                type: 'string',
                format: 'binary',
                description: `The .apkg (at most ${ANKI_PACKAGE_MAX_BYTES} bytes)`,
              },
              dry_run: { type: 'string', enum: ['true', 'false'] },
              student_id: { type: 'string', pattern: '^[1-9][0-9]*$' },
              mapping: {
                type: 'string',
                description:
                  'JSON: {"<note type id>": {"en": 0, "es": 1, "en_pronunciation": null, "es_pronunciation": 2, ' +
                  '"en_audio": null, "es_audio": 3}}',
              },
              decks: {
                type: 'string',
                description: 'JSON array of the Anki deck ids to import (as the dry run lists them); absent: all',
              },
              background: {
                type: 'string',
                enum: ['true', 'false'],
                description:
                  'true: answer 202 with the import at once and carry on without the request; follow it (and ' +
                  'hear how it ended) in GET /api/imports/anki/status',
              },
            },
          },
        },
      },
    },
  },
  responses: {
    200: jsonResponse(ankiPreviewSchema, 'Dry run: what the package holds'),
    201: jsonResponse(ankiImportResultSchema, 'Imported'),
    202: jsonResponse(ankiImportJobSchema, 'background=true: the import, left running'),
    ...errorResponses(400, 401, 404, 409, 413, 415, 429, 503),
  },
});

const ankiStatusRoute = createRoute({
  method: 'get',
  path: '/api/imports/anki/status',
  middleware: needs('data.transfer'),
  description:
    'The family’s packages in the server’s hands while POST /api/imports/anki is being answered: packages are ' +
    'read on a few threads, one per family at a time, the rest waiting in turn (`waiting`, `ahead`); the one ' +
    'being read reports notes read of notes held. `imports`: the family’s imports left running (or whose ' +
    'request went away) and, until dismissed, how they ended, for the app to tell them wherever they are.',
  responses: {
    200: jsonResponse(ankiImportStatusSchema, 'The family’s imports'),
    ...errorResponses(401),
  },
});

const ankiDismissRoute = createRoute({
  method: 'delete',
  path: '/api/imports/anki/{id}',
  middleware: needs('data.transfer'),
  description:
    'One of the family’s imports: stops it while it waits or is read or its media made ready (nothing is ' +
    'saved; a waiting package is never read), or dismisses a finished one’s notice. 409 `import_saving` while ' +
    'its cards are being saved; 404 for anyone else’s.',
  request: { params: z.object({ id: ankiImportIdSchema }) },
  responses: {
    204: { description: 'Stopped or dismissed' },
    ...errorResponses(400, 401, 404, 409),
  },
});

/** Reads the import form; a body that is not valid multipart is a 400, never a 500. */
async function readAnkiForm(c: Context) {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody({ all: false });
  } catch {
    throw new ApiError(400, 'invalid_input', 'Malformed multipart/form-data body');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  const {
    dry_run: dryRun,
    student_id: studentId,
    mapping,
    decks,
    background,
  } = parseInput(ankiImportFieldsSchema, fields);
  const file = body.file;
  if (!(file instanceof File) || file.size === 0) {
    throw new ApiError(400, 'invalid_input', 'Invalid input: file', [
      { field: 'file', code: 'invalid_type', message: 'Expected the .apkg file' },
    ]);
  }
  if (file.size > ANKI_PACKAGE_MAX_BYTES) throw packageErrors.tooLarge();
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    dryRun,
    background,
    studentId,
    mapping,
    decks,
    fileName: file.name.slice(0, ANKI_FILE_NAME_MAX),
  };
}

/** Bringing cards in (bulk rows, Anki packages) and taking decks out (CSV, .apkg). */
export function transferRoutes(deps: AppDeps) {
  const r = createRouter();
  const service = transferService(deps);

  r.openapi(bulkRoute, async (c) =>
    c.json(await service.bulkCreate(actor(c), c.req.valid('param').id, c.req.valid('json').cards), 201),
  );

  r.openapi(exportRoute, async (c) => {
    const file = await service.exportDeck(actor(c), c.req.valid('param').id, c.req.valid('query').format);
    return c.body(new Uint8Array(file.body), 200, {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
    });
  });

  r.openapi(ankiStatusRoute, (c) => c.json(service.ankiStatus(actor(c)), 200));

  r.openapi(ankiDismissRoute, (c) => {
    service.dismissAnkiImport(actor(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  r.openapi(ankiRoute, async (c) => {
    const { dryRun, background, ...upload } = await readAnkiForm(c);
    const signal = c.req.raw.signal;
    if (dryRun) return c.json(await service.previewAnki(actor(c), upload.bytes, signal), 200);
    const outcome = await service.importAnki(actor(c), upload, { background, signal });
    if ('job' in outcome) return c.json(outcome.job, 202);
    return c.json(outcome.result, 201);
  });

  return r;
}
