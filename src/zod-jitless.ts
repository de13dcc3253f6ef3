// The console's CSP allows no eval (issue 13 finding 8, server/http/console.ts): zod would first probe
// `new Function` for its compiled parsers, which the browser reports as a CSP violation, and then fall back to the
// interpreter anyway. Imported first by main.tsx so no schema is parsed before.
import { config } from 'zod';

config({ jitless: true });
