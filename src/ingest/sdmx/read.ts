import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { csvReader } from './csv.js';
import { DETECT_CHARS, detectFormat } from './detect.js';
import { jsonReader } from './json.js';
import type { SdmxObservation, SdmxReader, SdmxReadOptions, SdmxSink } from './observation.js';
import { xmlReader } from './xml.js';

/** Bytes read from a file at a time. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A reader of any SDMX data message: the format is told from its first characters
 * (`detectFormat`), then the text goes to that format's reader as it comes.
 */
export function sdmxReader(sink: SdmxSink, options?: SdmxReadOptions): SdmxReader {
  let reader: SdmxReader | undefined;
  let start = '';
  const choose = (final: boolean) => {
    const format = detectFormat(start);
    if (!format) {
      if (final || start.trimStart().length >= DETECT_CHARS)
        throw new Error('not an SDMX data message (neither SDMX-ML, SDMX-JSON nor SDMX-CSV)');
      return;
    }
    reader =
      format === 'xml'
        ? xmlReader(sink, options)
        : format === 'json'
          ? jsonReader(sink, options)
          : csvReader(sink, options);
    // A byte-order mark is no part of the message (JSON.parse would refuse it).
    const text = start.replace(/^\uFEFF/, '');
    start = '';
    reader.write(text);
  };
  return {
    write(text) {
      if (reader) return reader.write(text);
      start += text;
      choose(false);
    },
    end() {
      if (!reader) choose(true);
      reader!.end();
    },
  };
}

/**
 * Reads an SDMX data message file piece by piece, handing each observation to
 * `sink` as it is read (the file is never held whole, but for SDMX-JSON, which is
 * parsed whole under its byte bound). A message that cannot be read throws.
 */
export function readSdmxFileSync(file: string, sink: SdmxSink, options?: SdmxReadOptions): void {
  const reader = sdmxReader(sink, options);
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.alloc(CHUNK_BYTES);
  const fd = openSync(file, 'r');
  try {
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer))
      reader.write(decoder.write(buffer.subarray(0, n)));
    reader.write(decoder.end());
    reader.end();
  } finally {
    closeSync(fd);
  }
}

/**
 * The observations of an SDMX data message as it streams in (a file stream, an HTTP
 * body): each piece is read and the observations it completed are yielded before
 * the next is taken. Observations that cannot be read go to `onBad`.
 */
export async function* sdmxObservations(
  input: AsyncIterable<Buffer | string>,
  options?: SdmxReadOptions & { onBad?: (line: number, reason: string) => void },
): AsyncGenerator<SdmxObservation> {
  const ready: SdmxObservation[] = [];
  const reader = sdmxReader(
    { observation: (o) => void ready.push(o), bad: (line, reason) => options?.onBad?.(line, reason) },
    options,
  );
  const decoder = new StringDecoder('utf8');
  for await (const chunk of input) {
    reader.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    yield* ready.splice(0);
  }
  reader.write(decoder.end());
  reader.end();
  yield* ready.splice(0);
}
