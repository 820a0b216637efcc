import type { ReferenceObject } from '@nestjs/swagger';

/** The component name of the shared error envelope (envelope-schema.ts) in the document. */
export const ERROR_ENVELOPE_COMPONENT = 'ErrorEnvelope';

export const errorEnvelopeRef: ReferenceObject = { $ref: `#/components/schemas/${ERROR_ENVELOPE_COMPONENT}` };
