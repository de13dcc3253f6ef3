// V8's explicit compile hint (Chromium 136+): a file that starts with the magic comment `//# allFunctionsCalledOnLoad`
// has all its functions compiled eagerly, on the script streamer's background thread while the file downloads,
// instead of each one lazily on the main thread the first time it is called (issue 25). Only for chunks whose code
// mostly runs as any page opens: the entry chunk (React, the router, XState, the session) and the two groups every
// signed-in page renders with. Not for a library of which a page calls a part (react-aria's group, CodeMirror, the
// PDF viewer): eager compilation of what never runs costs CPU and memory, and on 2 cores that CPU competes with the
// page. Measured on a cached table open in the page's clock (bench/profile/open-renders.ts, 12 alternating opens per
// build, three runs against the same build without the hint): the first row 1,154 -> 1,060, 1,195 -> 1,029 and
// 1,292 -> 1,258 ms; main-thread long tasks before it 686 -> 538, 687 -> 583 and 813 -> 687 ms. With react-aria's
// and the console's component groups hinted too, the long tasks fell (706 -> 592, 702 -> 634) but the first row came
// no earlier (1,163 -> 1,194, 1,197 -> 1,236). Browsers without the hint read a comment.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunks (vite.config.ts codeSplitting group names) whose functions mostly run while a page opens. */
export const EAGER_CHUNKS: ReadonlySet<string> = new Set(['app', 'signed-in', 'react-bindings']);

interface HintedChunk {
  type: 'chunk';
  name: string;
  code: string;
  map?: { mappings: string } | null;
}

interface MapAsset {
  type: 'asset';
  source: string | Uint8Array;
}

/** One generated line more at the top: each generated line's segments are those of the line before (';' ends a line). */
const shifted = (mappings: string) => `;${mappings}`;

/**
 * Puts the hint on the first line of each eager chunk. Its source map moves down by that one line: the `.map` file
 * when the build writes one (by then it is an asset of its own, already serialized), else the chunk's map.
 */
export function addCompileHints(bundle: Record<string, { type: string }>, eager: ReadonlySet<string> = EAGER_CHUNKS): string[] {
  const hinted: string[] = [];
  for (const [fileName, output] of Object.entries(bundle)) {
    if (output.type !== 'chunk') continue;
    const chunk = output as HintedChunk;
    // The hint is read only at the very top of the file.
    if (!eager.has(chunk.name) || chunk.code.startsWith(COMPILE_HINT)) continue;
    chunk.code = COMPILE_HINT + chunk.code;
    const mapFile = bundle[`${fileName}.map`] as MapAsset | undefined;
    if (mapFile?.type === 'asset') {
      const map = JSON.parse(typeof mapFile.source === 'string' ? mapFile.source : new TextDecoder().decode(mapFile.source)) as { mappings: string };
      map.mappings = shifted(map.mappings);
      mapFile.source = JSON.stringify(map);
    } else if (chunk.map) chunk.map.mappings = shifted(chunk.map.mappings);
    hinted.push(fileName);
  }
  return hinted;
}

export function compileHints(): Plugin {
  return {
    name: 'strata:compile-hints',
    apply: 'build',
    // After the other plugins' generateBundle (Vite's preload helper writes its own first line into the entry chunk).
    generateBundle: { order: 'post', handler: (_options, bundle) => void addCompileHints(bundle) },
  };
}
