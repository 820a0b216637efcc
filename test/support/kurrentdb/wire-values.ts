import { sharedPb, streamsPb } from './protocol';
import type { ProposedEvent } from './event-log';

const U64 = 1n << 64n;
const I64_MAX = (1n << 63n) - 1n;

/** An event id as the client sent it: the string form, or the structured 2×int64 form. */
export function uuidText(uuid: sharedPb.UUID | undefined): string {
  if (!uuid) throw new Error('event without an id');
  if (uuid.hasStructured()) {
    const structured = uuid.getStructured()!;
    const hex = (bits: string) => ((BigInt(bits) + U64) % U64).toString(16).padStart(16, '0');
    const ms = hex(structured.getMostSignificantBits());
    const ls = hex(structured.getLeastSignificantBits());
    return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-${ms.slice(12)}-${ls.slice(0, 4)}-${ls.slice(4)}`;
  }
  return uuid.getString().toLowerCase();
}

/** An event id in the form a Read request asked for (`uuid_option`: string or structured). */
export function uuidMessage(id: string, structured: boolean): sharedPb.UUID {
  const uuid = new sharedPb.UUID();
  if (!structured) return uuid.setString(id);
  const hex = id.replace(/-/g, '');
  const signed = (half: string) => {
    const value = BigInt(`0x${half}`);
    return (value > I64_MAX ? value - U64 : value).toString(10);
  };
  const parts = new sharedPb.UUID.Structured();
  parts.setMostSignificantBits(signed(hex.slice(0, 16)));
  parts.setLeastSignificantBits(signed(hex.slice(16)));
  return uuid.setStructured(parts);
}

export function streamName(identifier: sharedPb.StreamIdentifier | undefined): string {
  if (!identifier) throw new Error('request without a stream identifier');
  return Buffer.from(identifier.getStreamName_asU8()).toString('utf8');
}

export function streamIdentifier(name: string): sharedPb.StreamIdentifier {
  return new sharedPb.StreamIdentifier().setStreamName(Buffer.from(name, 'utf8'));
}

type ProposedMessage = streamsPb.AppendReq.ProposedMessage | streamsPb.BatchAppendReq.ProposedMessage;

/** A proposed event as the server stores it: the `type` and `content-type` metadata entries are required. */
export function proposedEvent(message: ProposedMessage): ProposedEvent {
  const metadata = message.getMetadataMap();
  return {
    id: uuidText(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}
