// node generate-schema-types.mjs <openapi.json> <schema.d.ts>
// The types openapi-typescript (its Node API) generates for the document, except that an integer is
// typed `number | bigint`: a client reading exact JSON (chainwire-client's parseExactJson) gets a bigint
// for an integer a double cannot hold, and its types must say so. A separate ES module process:
// openapi-typescript's dependencies are ES modules that jest's CommonJS runtime cannot require.
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const [input, output] = process.argv.slice(2);
const document = JSON.parse(readFileSync(input, 'utf8'));
const nodes = await openapiTS(document, {
  silent: true,
  transform(schema) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.includes('integer')) return undefined;
    const nullable = schema.nullable === true || types.includes('null');
    return ts.factory.createUnionTypeNode([
      ts.factory.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword),
      ts.factory.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword),
      ...(nullable ? [ts.factory.createLiteralTypeNode(ts.factory.createNull())] : []),
    ]);
  },
});
writeFileSync(output, astToString(nodes));
