// How long the staff's data import (POST /api/admin/imports/) may take: it answers once the whole file is
// imported, a minute or more for the largest files on the embedded database. One value for the two sides
// that wait for it: the web server's /api forwarding (api-forwarding.mjs) and the back-office page
// (components/admin/data-imports.tsx). Plain JavaScript without imports, so both can load it.
export const IMPORT_DEADLINE_MS = 10 * 60_000;
