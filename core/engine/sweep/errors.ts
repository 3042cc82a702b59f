/** Why a sweep cannot be described exactly: the axis enters a formula nonlinearly, or the description is over a limit. */
export type SweepErrorKind = 'nonlinear' | 'too_many_segments';

export class SweepError extends Error {
  constructor(
    readonly kind: SweepErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SweepError';
  }
}
