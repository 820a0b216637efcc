/** java-tron hex-encodes the UTF-8 of its messages and of bytes fields (names) unless asked for `visible`. */
export function decodeTronText(value: string | undefined): string | undefined {
  if (!value) return value;
  return /^(?:[0-9a-fA-F]{2})+$/.test(value) ? Buffer.from(value, 'hex').toString('utf8') : value;
}
