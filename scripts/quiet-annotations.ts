import type { Rollup } from 'vite';

/**
 * Rollup's warning that it drops a `/* @__PURE__ *\/` comment it cannot place, which a package
 * (zod) ships: it changes nothing in the build, and printed on every `npm start` that builds, it
 * hid the lines that matter. Every other warning is printed.
 */
export function quietAnnotations(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void): void {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
  warn(warning);
}
