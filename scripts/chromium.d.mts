// Types of chromium.mjs, for the TypeScript that imports it (tests/e2e/support/harness.ts).
export declare const chromiumPath: string;
export declare const chromiumArgs: readonly string[];
