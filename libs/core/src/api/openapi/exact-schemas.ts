import { z } from 'zod';
import { isLosslessNumber, type LosslessNumber } from '../../json/lossless-json';

type FieldMeta = { description?: string; example?: unknown };

/**
 * A response field holding an exact integer (smallest units, block numbers): bigint in code, a JSON
 * number literal with every digit on the wire (docs/architecture.md §7), `integer` in the document.
 */
export const exactInteger = (meta: FieldMeta = {}) => z.bigint().meta({ type: 'integer', ...meta });

/**
 * A response field holding an exact decimal (human amounts, fiat values, prices): a LosslessNumber in
 * code, a JSON number literal with every digit on the wire, `number` in the document.
 */
export const exactDecimal = (meta: FieldMeta = {}) =>
  z.custom<LosslessNumber>(isLosslessNumber).meta({ type: 'number', ...meta });

/** A small integer (decimals, tiers, counts) held as a JS number. */
export const safeInteger = (meta: FieldMeta = {}) => z.number().int().meta(meta);

/** An ISO 8601 timestamp as the service writes it (UTC, milliseconds). */
export const isoTime = (meta: FieldMeta = {}) =>
  z.string().meta({ format: 'date-time', example: '2026-01-01T00:00:00.000Z', ...meta });

/**
 * A text field whose values the document lists, typed `string` in code: for values read from a store
 * column the code does not narrow (a kind, a standard), so the listed set is what the service writes.
 */
export const listedText = <const T extends readonly [string, ...string[]]>(values: T, meta: FieldMeta = {}) =>
  z.string().meta({ enum: [...values], ...meta });
