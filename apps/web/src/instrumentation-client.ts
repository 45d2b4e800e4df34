import { z } from 'zod';

// Runs in the browser before the app. zod compiles object parsers with `new Function` when it may, and
// probes for it once with `Function('')`; the pages' Content-Security-Policy has no 'unsafe-eval', so the
// probe would be a reported CSP violation on every page. Interpreted parsing is plenty for forms.
z.config({ jitless: true });
