// The one result type of the codebase: an expected failure (a malformed id, an invalid map, a bad
// setting) is a value, not an exception. Domain, client and server all return this shape; the
// error is a message by default, or any value a caller needs (field errors, a path).

export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });
