import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const GENERATOR = join(__dirname, 'generate-schema-types.mjs');

/** Writes `schema.d.ts` for the OpenAPI document at `documentFile` (see generate-schema-types.mjs). */
export async function generateSchemaTypes(documentFile: string, typesFile: string): Promise<void> {
  await promisify(execFile)(process.execPath, [GENERATOR, documentFile, typesFile], { cwd: __dirname });
}
