import { config } from 'zod';

// zod probes for eval (new Function) as it builds an object schema, to compile a fast parser; the
// page's CSP refuses eval and the browser reports a violation. Told before the contract's schemas
// are built, it parses without (as correct, and our answers are small). A named import: the whole
// of `zod` (every locale, JSON Schema conversion) would be three times the code the contract needs.
config({ jitless: true });
