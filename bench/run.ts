// `npm run bench` runs every benchmark; `npm run bench -- first-load tti` runs the named ones.
// Each prints its table and writes bench/results/<name>.json. Figures over budget are reported, not failed:
// the exit code is 1 only when a benchmark could not run.
import { adminerPeerBench, printAdminerPeerDetails } from './adminer-peer.ts';
import { clusterBench, printClusterDetails } from './cluster.ts';
import { dataApiBench, printDataApiDetails } from './data-api.ts';
import { docsSearchBench, printDocsSearchDetails } from './docs-search.ts';
import { firstLoad, printFirstLoadDetails } from './first-load.ts';
import { floorBench } from './floor.ts';
import { gridPasteBench } from './grid-paste.ts';
import { mcpBench } from './mcp.ts';
import { platformBench } from './platform.ts';
import { printProjectsListDetails, projectsListBench } from './projects-list.ts';
import { printTable, writeResult, type BenchResult } from './support/results.ts';
import { schemaVisualizerBench } from './schema-visualizer.ts';
import { printStorageUploadDetails, storageUploadBench } from './storage-upload.ts';
import { storageExplorerBench } from './storage-explorer.ts';
import { printTableExportDetails, tableExportBench } from './table-export.ts';
import { tableGridBench } from './table-grid.ts';
import { printTableImportDetails, tableImportBench } from './table-import.ts';
import { tti } from './tti.ts';
import { sqlEditorBench } from './sql-editor.ts';
import { statechartsBench } from './statecharts.ts';

const BENCHMARKS: Record<string, { run: () => Promise<BenchResult>; details?: (res: BenchResult) => void }> = {
  'first-load': { run: firstLoad, details: printFirstLoadDetails },
  tti: { run: tti },
  floor: { run: floorBench },
  platform: { run: platformBench },
  'projects-list': { run: projectsListBench, details: printProjectsListDetails },
  'storage-upload': { run: storageUploadBench, details: printStorageUploadDetails },
  'storage-explorer': { run: storageExplorerBench },
  'sql-editor': { run: sqlEditorBench },
  'table-export': { run: tableExportBench, details: printTableExportDetails },
  'table-grid': { run: tableGridBench },
  'grid-paste': { run: gridPasteBench },
  'table-import': { run: tableImportBench, details: printTableImportDetails },
  'data-api': { run: dataApiBench, details: printDataApiDetails },
  statecharts: { run: statechartsBench },
  mcp: { run: mcpBench },
  'schema-visualizer': { run: schemaVisualizerBench },
  'docs-search': { run: docsSearchBench, details: printDocsSearchDetails },
  cluster: { run: clusterBench, details: printClusterDetails },
};
// Not in the default run: it installs Adminer from Debian's packages (issue 25); only `npm run bench -- peer`.
const ON_REQUEST: typeof BENCHMARKS = { peer: { run: adminerPeerBench, details: printAdminerPeerDetails } };

const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = asked.filter((name) => !(name in BENCHMARKS) && !(name in ON_REQUEST));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${[...Object.keys(BENCHMARKS), ...Object.keys(ON_REQUEST)].join(', ')}`);
  process.exit(2);
}

const failed: string[] = [];
for (const name of asked.length ? asked : Object.keys(BENCHMARKS)) {
  const bench = (BENCHMARKS[name] ?? ON_REQUEST[name])!;
  console.log(`\n== ${name}`);
  try {
    const res = await bench.run();
    const file = writeResult(res);
    printTable(res);
    bench.details?.(res);
    console.log(`-> ${file}`);
  } catch (error) {
    failed.push(name);
    console.error(`${name} could not run: ${(error as Error).stack ?? error}`);
  }
}
if (failed.length) {
  console.error(`\nnot measured: ${failed.join(', ')}`);
  process.exit(1);
}
