/**
 * A key for one message the person sends (`Idempotency-Key`): sent again with the same key after a
 * lost answer, it is stored and delivered once (the API answers the first one). 32 hex digits.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
