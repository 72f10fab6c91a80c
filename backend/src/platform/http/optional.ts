import { ValidateIf } from 'class-validator';

/**
 * Like class-validator's IsOptional, but only an absent field skips validation: `null` is checked
 * like any other value, and refused by the field's rules. (IsOptional lets null through, so
 * `{"action":null}` read as "no action" and `{"email":null}` reached the service.)
 */
export const Optional = (): PropertyDecorator => ValidateIf((_object: object, value: unknown) => value !== undefined);
