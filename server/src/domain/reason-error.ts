// The base of the domain modules' errors (secret-box, word-crypto, share-links): an Error that names
// its cause by a machine-readable `reason` from the module's own list. The routes turn a reason
// into an HTTP answer; http/errors.ts stays the only place that shapes one.
export class ReasonError<R extends string> extends Error {
  constructor(
    readonly reason: R,
    message: string,
  ) {
    super(message);
  }
}
