import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { Envelope } from './envelope';

/**
 * The OpenAPI schema of an enveloped response carrying `data`: one class per data type, named
 * `<Data>Envelope` in the document (`BalancesResult` → `BalancesResultEnvelope`).
 */
export function EnvelopeOf<T>(data: Type<T>): Type<Envelope<T>>;
/** The envelope of a list: `data` is an array of the item schema. */
export function EnvelopeOf<T>(data: [Type<T>]): Type<Envelope<T[]>>;
export function EnvelopeOf<T>(data: Type<T> | [Type<T>]): Type<Envelope<T | T[]>> {
  const item = Array.isArray(data) ? data[0] : data;
  class EnvelopeSchema {
    @ApiProperty({ example: true })
    ok!: boolean;

    @ApiProperty({ example: 'OK' })
    code!: string;

    @ApiProperty({ example: 'OK' })
    message!: string;

    @ApiProperty({ type: item, isArray: Array.isArray(data) })
    data!: T | T[];
  }
  const name = Array.isArray(data) ? `${item.name}ListEnvelope` : `${item.name}Envelope`;
  Object.defineProperty(EnvelopeSchema, 'name', { value: name });
  return EnvelopeSchema;
}
