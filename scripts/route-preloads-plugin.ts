// Writes dist/route-preloads.json at build time (issues 15, 25): for every route file's page chunk (TanStack Router's
// split `component` chunk), the chunks it imports statically, recursively, and their styles. The platform injects the
// ones of the requested page into index.html (server/http/route-preloads.ts).
import type { Plugin } from 'vite';
import { pageRouteOf, type RoutePreload } from '../server/http/route-preloads.ts';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

const ROUTE_COMPONENT = /[\\/]src[\\/]routes[\\/](.+?\.tsx)\?tsr-split=([^&]*)/;

export function routePreloads(): Plugin {
  return {
    name: 'strata:route-preloads',
    apply: 'build',
    // After every other plugin's generateBundle: Vite drops the chunks of style-only modules (vanilla-extract's
    // `.css.ts`) there, and a list made before would name files that are never written (preloads that 404).
    generateBundle: { order: 'post', handler(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as ChunkLike);
      // The page chunk of every route file (layouts too), by the route file's path under src/routes.
      const pageChunks = new Map<string, string>();
      for (const chunk of chunks.values()) {
        const match = chunk.facadeModuleId ? ROUTE_COMPONENT.exec(chunk.facadeModuleId) : null;
        if (match && match[2]!.split('---').includes('component')) pageChunks.set(match[1]!.replace(/\\/g, '/'), chunk.fileName);
      }
      const routes: RoutePreload[] = [];
      for (const routeFile of pageChunks.keys()) {
        const page = pageRouteOf(routeFile);
        if (!page) continue;
        const files: string[] = [];
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const dep = chunks.get(fileName);
          if (!dep) return;
          for (const imported of dep.imports) visit(imported);
          for (const css of dep.viteMetadata?.importedCss ?? []) if (!files.includes(css)) files.push(css);
          files.push(fileName);
        };
        for (const layout of page.layouts) {
          const chunk = pageChunks.get(layout);
          if (chunk) visit(chunk);
        }
        visit(pageChunks.get(routeFile)!);
        routes.push({ pattern: page.pattern, files });
      }
      routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(routes)}\n` });
    } },
  };
}
