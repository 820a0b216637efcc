/** What a token's metadata document says, in the fields the API answers. */
export interface TokenMetadata {
  readonly name: string | null;
  readonly description: string | null;
  readonly imageUrl: string | null;
  readonly attributes: unknown[];
}

/** The document is not usable: the message says why, never quoting the document. */
export class MalformedMetadataError extends Error {}

/**
 * Reads an ERC-721 / ERC-1155 metadata JSON document (EIP-721 and EIP-1155 metadata schemas: name,
 * description, image; `attributes` as marketplaces use it, `properties` of EIP-1155 kept as attributes
 * when there are none). `image_url` and `image_data` are common variants. Throws MalformedMetadataError.
 */
export function parseTokenMetadata(body: Buffer, resolveUri: (uri: string) => string): TokenMetadata {
  let document: unknown;
  try {
    document = JSON.parse(body.toString('utf8'));
  } catch {
    // JSON.parse's message quotes the text it failed on: never echo a fetched body (docs/architecture.md §11).
    throw new MalformedMetadataError('metadata is not JSON');
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new MalformedMetadataError('metadata is not a JSON object');
  }
  const fields = document as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const image = text(fields.image) ?? text(fields.image_url) ?? text(fields.image_data);
  const attributes = Array.isArray(fields.attributes)
    ? fields.attributes
    : fields.properties && typeof fields.properties === 'object' && !Array.isArray(fields.properties)
      ? Object.entries(fields.properties).map(([trait_type, value]) => ({ trait_type, value }))
      : [];
  return {
    name: text(fields.name),
    description: text(fields.description),
    imageUrl: image === null || image.startsWith('<') ? image : resolveUri(image),
    attributes,
  };
}
