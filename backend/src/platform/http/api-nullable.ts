import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

/** A 200 whose body is the DTO or JSON `null` (a normal state, not an error). */
export const ApiOkOrNull = (type: Type, description: string) =>
  applyDecorators(
    ApiExtraModels(type),
    ApiOkResponse({ description, schema: { nullable: true, allOf: [{ $ref: getSchemaPath(type) }] } }),
  );
