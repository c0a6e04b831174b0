/**
 * An answer's `data` serialised by the operation itself: the bytes of its JSON array,
 * spliced into the envelope as they are (a page of a thousand rows is written once,
 * straight to bytes, instead of as objects the schema serializer turns into one long
 * string that is then encoded), and its rows as objects for the other representations
 * (CSV). Each is made only when asked for; the JSON bytes may be a scratch buffer's,
 * valid until the next page is written, so they are spliced into the answer at once.
 */
export class SerialisedData<D> {
  constructor(
    readonly json: () => Buffer,
    readonly rows: () => D,
  ) {}
}

/** An operation's answer, where `data` may come serialised. */
export type WithSerialisedData<T> = T extends { data: infer D }
  ? T | (Omit<T, 'data'> & { data: SerialisedData<D> })
  : T;
