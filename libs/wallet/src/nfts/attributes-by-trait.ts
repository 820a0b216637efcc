/**
 * The metadata's attribute list as the interface's object, trait name → value. Only entries naming a
 * trait (`trait_type`, a string or number) count; when a trait repeats, its first value is kept. The
 * list itself, every entry included, stays in the answer's `rawAttributes`.
 */
export function attributesByTrait(raw: readonly unknown[]): Record<string, unknown> {
  const traits = new Map<string, unknown>();
  for (const entry of raw) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const { trait_type: trait, value } = entry as { trait_type?: unknown; value?: unknown };
    if (typeof trait !== 'string' && typeof trait !== 'number' && typeof trait !== 'bigint') continue;
    const name = String(trait);
    if (!traits.has(name)) traits.set(name, value ?? null);
  }
  // fromEntries defines own properties, so a trait named `__proto__` is data, not a prototype.
  return Object.fromEntries(traits);
}
