/** The envelope's bytes before and after an answer's `data`. */
export interface Around {
  before: Uint8Array;
  after: Uint8Array;
}

/**
 * An answer's `data` serialised by the operation itself: the bytes of its JSON array
 * written between the envelope's (a page of a thousand rows is written once, straight
 * to bytes, instead of as objects the schema serializer turns into one long string
 * that is then encoded; possibly on another thread), or its rows as objects for the
 * other representations (CSV). One of them is made, once: an answer is made in one
 * representation, and what it is made from is let go as it is made (a large page
 * waiting for its bytes to be written elsewhere holds no rows).
 */
export class SerialisedData<D> {
  private parts: { json: (around: Around) => Promise<Buffer>; rows: () => D } | undefined;

  constructor(
    /** The whole body: `around.before`, the JSON array, `around.after`, in a buffer of its own. */
    json: (around: Around) => Promise<Buffer>,
    rows: () => D,
  ) {
    this.parts = { json, rows };
  }

  private take() {
    const parts = this.parts;
    if (!parts) throw new Error('the serialised data was made already');
    this.parts = undefined;
    return parts;
  }

  /** The whole body: `around.before`, the JSON array, `around.after`, in a buffer of its own. */
  json(around: Around): Promise<Buffer> {
    return this.take().json(around);
  }

  rows(): D {
    return this.take().rows();
  }
}

/** An operation's answer, where `data` may come serialised. */
export type WithSerialisedData<T> = T extends { data: infer D }
  ? T | (Omit<T, 'data'> & { data: SerialisedData<D> })
  : T;
