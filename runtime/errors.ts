/**
 * Named errors, so the registry can tell bad builder input (a warning, the element stays
 * plain HTML) from a bug (an error report) without string matching.
 */

/** A marker's JSON options could not be parsed or have the wrong shape. */
export class InvalidOptionsError extends Error {
  override name = 'InvalidOptionsError';
  /** The controller already printed the message the specification asks for. */
  readonly logged: boolean;
  constructor(message: string, options: { logged?: boolean } = {}) {
    super(message);
    this.logged = options.logged ?? false;
  }
}

/** A controller's lazily loaded code could not be fetched, even after one retry. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}
