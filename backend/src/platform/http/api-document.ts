import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { jobNames } from '../jobs/on-job.js';

/** The OpenAPI document of the API: served at /api/docs and written to docs/openapi.json (`npm run api:spec`). */
export function apiDocument(app: INestApplication): OpenAPIObject {
  const info = new DocumentBuilder()
    .setTitle("How's my Vibe? API")
    .setDescription(
      'Visitor and admin HTTP API. Visitor calls use the session cookie; admin calls use the token from POST /api/admin/login (Bearer) or HTTP Basic.',
    )
    .addBearerAuth()
    .addBasicAuth()
    .addCookieAuth('vibe_session')
    .build();
  const document = SwaggerModule.createDocument(app, info);
  // job kinds are named beside their handlers (@OnJob), declared after the job DTOs' decorators ran
  for (const dto of ['JobViewDto', 'JobAcceptedDto']) {
    const name = (document.components?.schemas?.[dto] as { properties?: Record<string, object> } | undefined)
      ?.properties?.name;
    if (name) Object.assign(name, { enum: jobNames() });
  }
  return document;
}
