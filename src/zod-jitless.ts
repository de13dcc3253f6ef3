// The console's CSP allows no eval (issue 13 finding 8, server/http/console.ts): zod would first probe
// `new Function` for its compiled parsers, which the browser reports as a CSP violation, and then fall back to the
// interpreter anyway. Imported first by main.tsx so no schema is parsed before.
//
// zod keeps its settings on `globalThis.__zod_globalConfig` and reads them when it loads and on every parse, so
// the switch is set here without importing zod: zod stays off the first load (issue 15) and is loaded with the
// first chunk that uses a schema, already jitless.
interface ZodGlobalConfigHolder {
  __zod_globalConfig?: { jitless?: boolean };
}

const holder = globalThis as ZodGlobalConfigHolder;
// Mutated, not replaced: a zod loaded before this module holds a reference to the same object.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
