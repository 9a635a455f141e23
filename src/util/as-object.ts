/** `value` as a plain object (not null, not an array), else undefined: for reading untyped JSON. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value != null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
