import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { Envelope } from './envelope';

/**
 * The OpenAPI schema of an enveloped response carrying `data`: one class per data type, named
 * `<Data>Envelope` in the document (`BalancesResult` → `BalancesResultEnvelope`).
 */
export function EnvelopeOf<T>(data: Type<T>): Type<Envelope<T>> {
  class EnvelopeSchema {
    @ApiProperty({ example: true })
    ok!: boolean;

    @ApiProperty({ example: 'OK' })
    code!: string;

    @ApiProperty({ example: 'OK' })
    message!: string;

    @ApiProperty({ type: data })
    data!: T;
  }
  Object.defineProperty(EnvelopeSchema, 'name', { value: `${data.name}Envelope` });
  return EnvelopeSchema;
}
