/** The envelope's bytes before and after an answer's `data`. */
export interface Around {
  before: Uint8Array;
  after: Uint8Array;
}

/**
 * An answer's `data` serialised by the operation itself: the bytes of its JSON array
 * written between the envelope's (a page of a thousand rows is written once, straight
 * to bytes, instead of as objects the schema serializer turns into one long string
 * that is then encoded; possibly on another thread), and its rows as objects for the
 * other representations (CSV). Each is made only when asked for.
 */
export class SerialisedData<D> {
  constructor(
    /** The whole body: `around.before`, the JSON array, `around.after`, in a buffer of its own. */
    readonly json: (around: Around) => Promise<Buffer>,
    readonly rows: () => D,
  ) {}
}

/** An operation's answer, where `data` may come serialised. */
export type WithSerialisedData<T> = T extends { data: infer D }
  ? T | (Omit<T, 'data'> & { data: SerialisedData<D> })
  : T;
