import { config } from 'zod/v4/core';

// Runs in the browser before the app. zod compiles object parsers with `new Function` when it may, and
// probes for it once with `Function('')`; the pages' Content-Security-Policy has no 'unsafe-eval', so the
// probe would be a reported CSP violation on every page. Interpreted parsing is plenty for forms.
// `config` alone (not the `z` namespace, which holds every locale of zod): this file is part of every
// page's first load, and the schemas load with the code that parses (zod keeps its settings global).
config({ jitless: true });
