// wouter imports `use-sync-external-store/shim`, a CommonJS polyfill for React 16 and 17, which
// uses React's own hook when it exists. React 19 has it, so vite.config.ts points the shim here
// and the first page loads neither the polyfill nor its CommonJS wrapper (PRODUCT §13 budget).
export { useSyncExternalStore } from 'react';
