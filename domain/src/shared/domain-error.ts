/** A field-level problem a person can act on. */
export interface FieldIssue {
  readonly field: string;
  readonly message: string;
}

/**
 * An expected failure with a stable code. The HTTP adapter maps the `kind` to a status,
 * so the domain never speaks HTTP.
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rule'
  | 'too_large'
  | 'unsupported_media'
  /** A quota is used up for now; `retryAfterSeconds` says when there is room again. */
  | 'quota';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details: readonly FieldIssue[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class ValidationError extends DomainError {
  constructor(details: readonly FieldIssue[], message = 'Some fields are not valid.') {
    super('validation', 'VALIDATION_FAILED', message, details);
  }
}

/** Collects field issues, then throws them all at once so a form can show every problem. */
export class FieldIssues {
  private readonly issues: FieldIssue[] = [];

  add(field: string, message: string): void {
    this.issues.push({ field, message });
  }

  has(field: string): boolean {
    return this.issues.some((issue) => issue.field === field);
  }

  check(condition: boolean, field: string, message: string): void {
    if (!condition) this.add(field, message);
  }

  throwIfAny(): void {
    if (this.issues.length > 0) throw new ValidationError(this.issues);
  }
}
