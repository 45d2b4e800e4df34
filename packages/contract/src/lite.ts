/**
 * `@portal/contract/lite`: the contract's parts that need no zod (ISTAT code patterns, units and their
 * decimals, the licence rule), for the web app's code that runs on every page. The package's index brings
 * zod and its messages (~77 KB gzipped) into whatever imports it; the browser loads that only when a form,
 * a session check or a chart's data needs it. The index re-exports all of this, so the API and the tests
 * import the package by its name as usual.
 */
export * from './istat-ids';
export * from './license';
export * from './unit-decimals';
export * from './ranking-bands';
export * from './source-anomaly-rule';
export * from './session-cookies';
export * from './compare-areas';
export * from './area-title';
export * from './download-budgets';
