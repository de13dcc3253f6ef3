// Semantic vectors learned from the docs themselves (issue 22): latent semantic analysis. Sections become TF-IDF
// vectors over stemmed words; a truncated SVD of that term × section matrix maps words that occur in the same
// contexts to nearby directions, so a question can match a section that shares few or none of its words. The
// semantic score adds pre-trained word vectors from a registry package to it (word-vectors.ts, search-index.ts).

const STOP = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those i you your we our they their he she them my me do does did doing how what which who whom why when where can could should would will shall may might must not no so than then there here into out up down over under about after before again more most some such only own same too very just also each every any all both few other am has have had having his her'.split(
    ' ',
  ),
);

/** A small suffix-stripping stemmer (Porter-like, enough to join plurals and verb forms). */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  for (const suffix of ['ational', 'ization', 'ation', 'ement', 'ment', 'ness', 'ing', 'ed', 'er', 'ly', 'able', 'ible', 'al', 'ive', 'ize', 'e']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (/(.)\1$/.test(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
  return w;
}

export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!raw || raw.length < 2 || STOP.has(raw) || /^\d+$/.test(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

export interface LsaModel {
  terms: string[];
  idf: Float64Array;
  /** terms.length × k, row-major: the term directions (U of the SVD). */
  basis: Float64Array;
  k: number;
  /** One unit vector of k numbers per document. */
  docVectors: Float64Array[];
}

/** Symmetric eigen-decomposition by cyclic Jacobi rotations (n is the number of sections, a few hundred at most). */
function jacobiEigen(matrix: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = a[i * n + i]!;
  return { values, vectors: v };
}

function normalize(vector: Float64Array): Float64Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** Builds the model from documents' texts (each already weighted by repeating its title words). */
export function trainLsa(documents: string[], k = 48): LsaModel {
  const docTokens = documents.map(tokens);
  const df = new Map<string, number>();
  for (const list of docTokens) for (const t of new Set(list)) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...df.keys()].sort();
  const index = new Map(terms.map((t, i) => [t, i]));
  const n = documents.length;
  const idf = new Float64Array(terms.length);
  terms.forEach((t, i) => (idf[i] = Math.log(1 + n / df.get(t)!)));
  // Sparse TF-IDF columns, each normalised.
  const columns = docTokens.map((list) => {
    const tf = new Map<number, number>();
    for (const t of list) tf.set(index.get(t)!, (tf.get(index.get(t)!) ?? 0) + 1);
    const entries = [...tf].map(([i, count]) => [i, (1 + Math.log(count)) * idf[i]!] as [number, number]);
    const norm = Math.sqrt(entries.reduce((sum, [, x]) => sum + x * x, 0)) || 1;
    return entries.map(([i, x]) => [i, x / norm] as [number, number]);
  });
  // Gram matrix AᵀA (n × n); its eigenvectors are the right singular vectors V, eigenvalues σ².
  const gram = new Float64Array(n * n);
  const dense = columns.map((entries) => new Map(entries));
  for (let a = 0; a < n; a++) {
    for (let b = a; b < n; b++) {
      let dot = 0;
      for (const [i, x] of columns[a]!) dot += x * (dense[b]!.get(i) ?? 0);
      gram[a * n + b] = dot;
      gram[b * n + a] = dot;
    }
  }
  const { values, vectors } = jacobiEigen(gram, n);
  const order = [...values.keys()].sort((x, y) => values[y]! - values[x]!).filter((i) => values[i]! > 1e-9);
  const rank = Math.min(k, order.length);
  // U = A V Σ⁻¹ (terms × rank).
  const basis = new Float64Array(terms.length * rank);
  for (let r = 0; r < rank; r++) {
    const e = order[r]!;
    const sigma = Math.sqrt(values[e]!);
    for (let d = 0; d < n; d++) {
      const weight = vectors[d * n + e]! / sigma;
      if (weight === 0) continue;
      for (const [i, x] of columns[d]!) basis[i * rank + r]! += x * weight;
    }
  }
  const model: LsaModel = { terms, idf, basis, k: rank, docVectors: [] };
  model.docVectors = columns.map((entries) => projectEntries(model, entries));
  return model;
}

function projectEntries(model: LsaModel, entries: [number, number][]): Float64Array {
  const out = new Float64Array(model.k);
  for (const [i, x] of entries) for (let r = 0; r < model.k; r++) out[r]! += x * model.basis[i * model.k + r]!;
  return normalize(out);
}

/** A query's unit vector in the latent space; null when none of its words is known to the corpus. */
export function embedQuery(model: LsaModel, text: string, termIndex: Map<string, number>): Float64Array | null {
  const tf = new Map<number, number>();
  for (const t of tokens(text)) {
    const i = termIndex.get(t);
    if (i !== undefined) tf.set(i, (tf.get(i) ?? 0) + 1);
  }
  if (tf.size === 0) return null;
  const entries = [...tf].map(([i, count]) => [i, (1 + Math.log(count)) * model.idf[i]!] as [number, number]);
  return projectEntries(model, entries);
}

export function cosine(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
